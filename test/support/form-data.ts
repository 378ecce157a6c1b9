/** A form as a browser posts it: each entry in order (a name may come more than once). */
export function formOf(entries: Record<string, string> | [string, string | Blob][]): FormData {
  const form = new FormData();
  for (const [name, value] of Array.isArray(entries) ? entries : Object.entries(entries))
    form.append(name, value);
  return form;
}
