// The `<me-slot>` of HeaderMe.astro, loaded with the shell's one script (src/scripts/shell.ts)
// rather than as a script file of its own on every page.
import { fillMe } from '../me.ts';

/**
 * Empty in a logged-in fan's copy of a shared page (data-fill): fills itself for them, and stays
 * marked as a fan's copy (scripts/shell.ts).
 */
class MeSlot extends HTMLElement {
  connectedCallback() {
    if (this.hasAttribute('data-fill') && !this.hasAttribute('data-fan-copy')) {
      this.setAttribute('data-fan-copy', '');
      void fillMe(this);
    }
  }
}
customElements.define('me-slot', MeSlot);
