import { Button, Wrap } from '@chakra-ui/react';
import type { WidgetProps } from '../../src/engine/widget-types';
import { SmartLink } from '../shared/smart-link';

const JUSTIFY = { start: 'flex-start', center: 'center', end: 'flex-end' } as const;

/** Links shown as a row of buttons. */
export default function ButtonGroupWidget({ data }: WidgetProps<'button-group'>) {
  const { buttons, align = 'start' } = data;
  return (
    <Wrap gap="2" justify={JUSTIFY[align]}>
      {buttons.map((button) => (
        <Button
          key={`${button.label}:${button.href}`}
          asChild
          size="sm"
          variant={button.variant ?? 'outline'}
        >
          <SmartLink href={button.href} textDecoration="none">
            {button.label}
          </SmartLink>
        </Button>
      ))}
    </Wrap>
  );
}
