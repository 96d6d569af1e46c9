// Tabs on radix with the product's look; the parts are the radix parts with act- classes applied.
import { Tabs as TabsPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';

function cx(...names: (string | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

export function Tabs({ className, ...props }: ComponentProps<typeof TabsPrimitive.Root>) {
  return <TabsPrimitive.Root className={cx('act-tabs', className)} {...props} />;
}

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return <TabsPrimitive.List className={cx('act-tabs__list', className)} {...props} />;
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return <TabsPrimitive.Trigger className={cx('act-tabs__trigger', className)} {...props} />;
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cx('act-tabs__content', className)} {...props} />;
}
