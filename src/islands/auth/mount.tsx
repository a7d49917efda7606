import { createRoot } from 'react-dom/client';
import { openLogin } from '../../stores/auth.ts';
import LoginModal from './LoginModal.tsx';

let mounted = false;

/**
 * Loaded on the first click that needs a login, so React reaches the browser only then; pages
 * that are only read never download it.
 */
export function showLogin(): void {
  if (!mounted) {
    const host = document.createElement('div');
    host.id = 'login-root';
    document.body.append(host);
    createRoot(host).render(<LoginModal />);
    mounted = true;
  }
  openLogin();
}
