import { createRoot } from 'react-dom/client';

/**
 * The reference of bench:bundle: a sign-in form in React and nothing else (no
 * router, styling, translations or user pool), the least a React login page
 * can load.
 */
function SignInForm() {
  return (
    <form aria-label="Sign in">
      <label>
        E-mail <input type="email" name="email" />
      </label>
      <label>
        Password <input type="password" name="password" />
      </label>
      <button type="submit">Sign in</button>
    </form>
  );
}

const container = document.getElementById('root');
if (container) createRoot(container).render(<SignInForm />);
