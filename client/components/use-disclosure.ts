import { useCallback, useEffect, useId, useRef, useState } from 'react';

/**
 * A button that opens a panel under it (the disclosure pattern: the header's bell and account menu, a post's
 * or comment's "More" menu): while open, Escape closes it and gives focus back to the button, and a press
 * anywhere outside `root` closes it and leaves focus where the member pressed. `root` goes on the element
 * holding both the button and the panel, `buttonProps` on the button (its ref, and what it says of the
 * panel to assistive technology), `panelId` on the panel.
 */
export function useDisclosure<Root extends HTMLElement, Button extends HTMLElement>() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<Root>(null);
  const button = useRef<Button>(null);

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    function onPointer(event: PointerEvent) {
      if (!(event.target instanceof Node && root.current?.contains(event.target))) close(false);
    }
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') close(true);
    }
    const page = document;
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
