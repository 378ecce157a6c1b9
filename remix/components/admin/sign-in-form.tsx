import { Form, useActionData, useNavigation } from '@remix-run/react';
import { Alert, Button, Card, Form as BsForm } from 'react-bootstrap';

import { FIELD_LIMITS, htmlMaxLength } from '@contract';

export interface SignInResult {
  intent: 'sign-in';
  email: string;
  error: string;
}

/** Spec section 2: 'Sign In', Email and Password fields with those placeholders, 'Submit'. */
export function SignInForm({ notice }: { notice: string | null }) {
  const result = useActionData<SignInResult>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'sign-in';
  const error = result?.intent === 'sign-in' ? result.error : null;

  return (
    <main className="admin-sign-in">
      <Card className="admin-sign-in__card shadow-sm">
        <Card.Body>
          <h1 className="h3 mb-3">Sign In</h1>
          {notice && !error ? (
            <Alert variant="info" className="py-2">
              {notice}
            </Alert>
          ) : null}
          {error ? (
            <Alert variant="danger" className="py-2" role="alert">
              {error}
            </Alert>
          ) : null}
          <Form method="post" replace>
            <input type="hidden" name="intent" value="sign-in" />
            <BsForm.Group className="mb-3" controlId="admin-email">
              <BsForm.Label visuallyHidden>Email</BsForm.Label>
              <BsForm.Control
                type="email"
                name="email"
                placeholder="Email"
                autoComplete="username"
                maxLength={htmlMaxLength(FIELD_LIMITS.email)}
                defaultValue={result?.email ?? ''}
                required
              />
            </BsForm.Group>
            <BsForm.Group className="mb-3" controlId="admin-password">
              <BsForm.Label visuallyHidden>Password</BsForm.Label>
              <BsForm.Control
                type="password"
                name="password"
                placeholder="Password"
                autoComplete="current-password"
                maxLength={htmlMaxLength(FIELD_LIMITS.password)}
                required
              />
            </BsForm.Group>
            <Button type="submit" variant="primary" className="w-100" disabled={busy}>
              Submit
            </Button>
          </Form>
        </Card.Body>
      </Card>
    </main>
  );
}
