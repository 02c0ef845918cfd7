/** heic-decode ships no types: its one function, as blog-images.server.ts uses it. */
declare module "heic-decode" {
  export type DecodedImage = { width: number; height: number; data: Uint8ClampedArray };
  export default function decode(input: { buffer: ArrayBufferLike | Uint8Array }): Promise<DecodedImage>;
}
