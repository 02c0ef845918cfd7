import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        brand: {
          50: "#eff8ff",
          100: "#dbeefe",
          600: "#1565c0",
          700: "#0f4f99",
          900: "#0b2f5b",
        },
      },
    },
  },
  plugins: [],
} satisfies Config;
