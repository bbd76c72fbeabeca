import { Suspense, type ComponentType } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { lazyWithRetry } from '../ui/lazyWithRetry';

/** A widget whose code loads when it is first rendered, or earlier through `preload` (see {@link preloadWidgets}). */
export type LazyWidget = ComponentType<WidgetProps> & { preload(): Promise<unknown> };

/**
 * A form widget loaded on demand: most steps never render a radio group, a checkbox or the OTP boxes, so their code
 * stays out of a step's first load. The form preloads them once it has shown ({@link preloadWidgets}); a widget
 * rendered before its code arrived shows nothing for that moment (its own Suspense boundary), and one whose code did
 * not arrive shows the failure with RETRY in its place (ui/lazyWithRetry.tsx).
 */
export function lazyWidget(load: () => Promise<ComponentType<WidgetProps>>): LazyWidget {
  // Once loaded, rendered directly: no Suspense round on later renders (or after a preload).
  let Loaded: ComponentType<WidgetProps> | undefined;
  const Lazy = lazyWithRetry(() =>
    load().then((component) => {
      Loaded = component;
      return { default: component };
    }),
  );
  const Widget = (props: WidgetProps) =>
    Loaded ? (
      <Loaded {...props} />
    ) : (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  // A failed download may be tried again when the widget renders.
  return Object.assign(Widget, { preload: Lazy.preload });
}

/** Loads the lazy widgets among `widgets` now (tests, which render forms as the app does once they are loaded). */
export function loadWidgets(widgets: Record<string, unknown>): Promise<unknown> {
  return Promise.all(lazyWidgetsOf(widgets).map((widget) => widget.preload()));
}

const lazyWidgetsOf = (widgets: Record<string, unknown>) =>
  Object.values(widgets).filter((widget): widget is LazyWidget => typeof (widget as Partial<LazyWidget>).preload === 'function');

/** Starts loading the lazy widgets among `widgets` when the browser is idle (after the form has shown). */
export function preloadWidgets(widgets: Record<string, unknown>): () => void {
  const start = () => lazyWidgetsOf(widgets).forEach((widget) => void widget.preload().catch(() => undefined));
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(start, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(start, 200);
  return () => clearTimeout(timer);
}
