import { useHydrated } from '~/hooks/use-hydrated';

/**
 * A form posted by the hydrated app (through a fetcher) wants its answer as data; the same form
 * posted by a browser without JavaScript wants a page (post/redirect/get). This hidden field tells
 * the action which one it is.
 */
export const JS_FLAG = 'js';

export function JsFlag() {
  const hydrated = useHydrated();
  return <input type="hidden" name={JS_FLAG} value={hydrated ? '1' : ''} />;
}

export const postedWithJs = (form: FormData): boolean => form.get(JS_FLAG) === '1';
