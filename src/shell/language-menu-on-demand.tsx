import { type ComponentType, type Ref, useLayoutEffect, useRef, useState } from 'react';
import { LanguageButton } from './language-button';

type LanguageMenuComponent = ComponentType<{ triggerRef?: Ref<HTMLButtonElement> }>;

/**
 * The language menu for pages outside the shell, the sign-in page above all.
 * A menu brings its positioning, dismissal and focus handling, about an
 * eighth of that page's script; here it loads when someone reaches for the
 * button (hovers, focuses or presses it), which until then looks and reads
 * the same. The menu then takes over: focused if the button was, opened if it
 * was pressed.
 */
export function LanguageMenuOnDemand() {
  const [LanguageMenu, setLanguageMenu] = useState<LanguageMenuComponent>();
  const reached = useRef({ focused: false, pressed: false });
  const trigger = useRef<HTMLButtonElement>(null);
  const load = () => {
    import('./language-menu').then(
      (module) => setLanguageMenu(() => module.LanguageMenu),
      (error: Error) => console.error('The language menu could not be loaded', error),
    );
  };
  const press = () => {
    reached.current.pressed = true;
    load();
  };

  // In the commit that swaps the buttons, not after it: a passive effect ran later, and until it did the
  // keyboard was on <body> (a busy machine showed it, failing the focus test).
  useLayoutEffect(() => {
    if (!LanguageMenu) return;
    if (reached.current.focused) trigger.current?.focus();
    if (reached.current.pressed) trigger.current?.click();
  }, [LanguageMenu]);

  if (LanguageMenu) return <LanguageMenu triggerRef={trigger} />;
  return (
    <LanguageButton
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={load}
      onFocus={() => {
        reached.current.focused = true;
        load();
      }}
      onBlur={() => {
        reached.current.focused = false;
      }}
      // As the menu's own button does, a press opens the menu without moving focus to the button,
      // and a secondary button's press opens none.
      onPointerDown={(event) => {
        if (event.button !== 0) return;
        event.preventDefault();
        press();
      }}
      onClick={press}
    />
  );
}
