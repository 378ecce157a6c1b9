import { z } from 'zod';

import { useHydrated } from '~/hooks/use-hydrated';

import { readForm } from './read-form';
import { flag } from './rules';

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

const jsPost = z.object({ [JS_FLAG]: flag });

/** Whether the form came from the hydrated app (JsFlag's field set). */
export function postedWithJs(form: FormData): boolean {
  const read = readForm(form, jsPost);
  return read.ok && read.value[JS_FLAG];
}
