/** The portal's "To do": what waits for the client, first, each a link to where they do it (app/lib/to-do.ts). */
import { card } from "~/components/card";
import type { ToDo } from "~/lib/to-do";

export function ToDoList({ items }: { items: ToDo[] }) {
  return (
    <section
      className={`mt-6 ${card} border-amber-300 bg-amber-50 p-5`}
      aria-labelledby="todo-title"
      data-testid="to-do"
    >
      <h2 id="todo-title" className="text-lg font-semibold">
        To do
      </h2>
      <ul className="mt-2 grid gap-2 text-sm">
        {items.map((item) => (
          <li key={item.label}>
            <a href={item.href} className="font-semibold text-brand-700 underline">
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
