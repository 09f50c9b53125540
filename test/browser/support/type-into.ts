/**
 * What a person typing does to a controlled field: the value changes, an input
 * event follows, and whatever the person does next (Enter, a click, the next
 * field) comes in a later task. The helper resolves after that task boundary,
 * so a test that acts next behaves like a person and not like a script that
 * types and submits in one task: React renders a discrete event's update at
 * once, Preact (what the suite ships) in a microtask, so only a
 * same-task script could meet a field's old value.
 */
export async function typeInto(field: HTMLElement, value: string): Promise<void> {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype
  Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(field, value)
  field.dispatchEvent(new Event('input', { bubbles: true }))
  await nextTask()
}

/** After a person's click or keypress: their next action comes in a later task (see typeInto). */
export function nextTask(): Promise<void> {
  return new Promise(resolve => setTimeout(resolve, 0))
}
