import { useCallback, useEffect, useId, useRef, useState } from 'react';

// The few DOM members used here, typed apart: client components are also type-checked for the Worker,
// without the DOM (worker/tsconfig.json), and only these run in the browser alone (effects, handlers).
interface Focusable {
  focus(): void;
}
interface Container {
  contains(other: unknown): boolean;
}
interface PageEvent {
  target: unknown;
  key?: string;
}
interface DocumentEvents {
  addEventListener(type: 'pointerdown' | 'keydown', listener: (event: PageEvent) => void): void;
  removeEventListener(type: 'pointerdown' | 'keydown', listener: (event: PageEvent) => void): void;
}
const pageDocument = () => (globalThis as unknown as { document: DocumentEvents }).document;

/**
 * A button that opens a panel under it (the disclosure pattern: the header's bell and account menu, a post's
 * or comment's "More" menu): while open, Escape closes it and gives focus back to the button, and a press
 * anywhere outside `root` closes it and leaves focus where the member pressed. `root` goes on the element
 * holding both the button and the panel, `buttonProps` on the button (its ref, and what it says of the
 * panel to assistive technology), `panelId` on the panel.
 */
export function useDisclosure<Root, Button>() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<Root & Container>(null);
  const button = useRef<Button & Focusable>(null);

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    function onPointer(event: PageEvent) {
      if (!root.current?.contains(event.target)) close(false);
    }
    function onKey(event: PageEvent) {
      if (event.key === 'Escape') close(true);
    }
    const page = pageDocument();
    page.addEventListener('pointerdown', onPointer);
    page.addEventListener('keydown', onKey);
    return () => {
      page.removeEventListener('pointerdown', onPointer);
      page.removeEventListener('keydown', onKey);
    };
  }, [open, close]);

  const buttonProps = { ref: button, 'aria-expanded': open, 'aria-controls': panelId };
  return { open, setOpen, close, root, buttonProps, panelId };
}
