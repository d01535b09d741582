import type { ComponentProps, ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './ui/card.tsx';
import { cn } from '#client/lib/utils.ts';

/** A card with a title (and its icon), a description and a body: the dashboard's settings and lists. */
export function TitledCard({
  title,
  icon,
  description,
  titleClassName,
  contentClassName,
  children,
  ...card
}: Omit<ComponentProps<'div'>, 'title'> & {
  title: ReactNode;
  icon?: ReactNode;
  description?: ReactNode;
  titleClassName?: string;
  contentClassName?: string;
}) {
  return (
    <Card {...card}>
      <CardHeader>
        <CardTitle className={cn(icon !== undefined && 'flex items-center gap-2', titleClassName)}>
          {icon}
          {title}
        </CardTitle>
        {description !== undefined && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
