import { Link as ChakraLink, type LinkProps } from '@chakra-ui/react';
import { Link as RouterLink, useInRouterContext } from 'react-router-dom';

interface SmartLinkProps extends Omit<LinkProps, 'href' | 'asChild'> {
  /** Already checked by the widget's schema: http(s), mailto, or a path starting with '/'. */
  href: string;
}

/** Paths inside the app navigate without reloading; other URLs open in a new tab. */
export function SmartLink({ href, children, ...rest }: SmartLinkProps) {
  const inRouter = useInRouterContext();
  if (!isSafeHref(href)) return <span>{children}</span>;
  if (href.startsWith('/') && inRouter) {
    return (
      <ChakraLink asChild {...rest}>
        <RouterLink to={href}>{children}</RouterLink>
      </ChakraLink>
    );
  }
  const external = !href.startsWith('/');
  return (
    <ChakraLink href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})} {...rest}>
      {children}
    </ChakraLink>
  );
}

/**
 * The schemas already refuse other URLs; this second check keeps a
 * javascript: URL out even if a document skipped validation. A path may not
 * go on with a second slash, a backslash or a space: browsers read "//x",
 * "/\\x" and "/<tab>/x" as the site x.
 */
export function isSafeHref(href: string): boolean {
  return /^(https?:\/\/|mailto:|\/(?![/\\\s]))/i.test(href);
}
