import { type ActionFunctionArgs, redirect } from '@remix-run/node';

import { CONTACT_FAILED_MESSAGE, type ContactActionResult } from '~/contact/contact-fields';
import { submitContact } from '~/contact/submit-contact.server';

/**
 * `POST /contact`: the contact form as sent by the landing page's script, answered as JSON
 * (`ContactActionResult`) with the status of the outcome. The landing page carries no router, so
 * it cannot read the index route's action data; this route gives it the same submission as data.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    // A body that claims to be a form and is not one (the request guards check size and type).
    const refused: ContactActionResult = {
      ok: false,
      fieldErrors: {},
      formError: CONTACT_FAILED_MESSAGE,
      values: { name: '', email: '', subject: '', message: '' },
    };
    return Response.json(refused, { status: 400 });
  }
  const { status, result } = await submitContact(form, context.clientIp);
  return Response.json(result, { status, headers: { 'Cache-Control': 'no-store' } });
}

/** Someone who opens the address itself gets the page's contact form. */
export const loader = () => redirect('/?contact=1#contact');
