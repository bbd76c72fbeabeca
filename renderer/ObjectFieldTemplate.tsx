import { memo, startTransition, useEffect, useState, type ReactElement } from 'react';
import Grid, { type GridProps } from '@mui/material/Grid';
import {
  buttonId,
  canExpand,
  deepEquals,
  descriptionId,
  getTemplate,
  getUiOptions,
  titleId,
  type ObjectFieldTemplateProps,
} from '@rjsf/utils';

type Slots = { objectGridContainer?: GridProps; objectGridItem?: GridProps; objectAddButtonGridContainer?: GridProps; objectAddButtonGridItem?: GridProps };

/**
 * The MUI theme's object template (title, description, a grid of the properties, the add button), except that a
 * property's grid cell re-renders only when the property does. The theme re-renders all the cells of an object
 * whenever one of its fields changes, and each MUI `Grid` recomputes its styles: most of the cost of a keystroke in a
 * section of 50 fields. Same markup and the same `ui:options.mui.rjsfSlotProps` as the theme's.
 */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { description, title, properties, required, disabled, readonly, uiSchema, fieldPathId, schema, formData, optionalDataControl, onAddProperty, registry } =
    props;
  const uiOptions = getUiOptions(uiSchema);
  const TitleFieldTemplate = getTemplate('TitleFieldTemplate', registry, uiOptions);
  const DescriptionFieldTemplate = getTemplate('DescriptionFieldTemplate', registry, uiOptions);
  const showOptionalDataControlInTitle = !readonly && !disabled;
  const { AddButton } = registry.templates.ButtonTemplates;
  const slots = ((uiOptions.mui as { rjsfSlotProps?: Slots } | undefined)?.rjsfSlotProps ?? {}) as Slots;
  const { objectGridContainer, objectGridItem, objectAddButtonGridContainer, objectAddButtonGridItem } = slots;
  // A large form shows its first fields at once and renders the rest just after, a section (or, inside a large section,
  // FIRST_FIELDS fields) per frame: the merchant can start on a cheap phone without waiting for fields below the fold.
  const isRoot = fieldPathId.path.length === 0;
  const shownCount = useProgressiveCount(properties.length, isRoot ? 1 : FIRST_FIELDS, () =>
    isRoot ? firstPropertiesCount(properties) : Math.min(FIRST_FIELDS, properties.length),
  );

  return (
    <>
      {title && (
        // eslint-disable-next-line react-hooks/static-components -- a template of the registry, the same on every render
        <TitleFieldTemplate
          id={titleId(fieldPathId)}
          title={title}
          required={required}
          schema={schema}
          uiSchema={uiSchema}
          registry={registry}
          optionalDataControl={showOptionalDataControlInTitle ? optionalDataControl : undefined}
        />
      )}
      {description && (
        // eslint-disable-next-line react-hooks/static-components -- as above
        <DescriptionFieldTemplate id={descriptionId(fieldPathId)} description={description} schema={schema} uiSchema={uiSchema} registry={registry} />
      )}
      <Grid container spacing={2} {...objectGridContainer} sx={withSx({ mt: 1.25 }, objectGridContainer)}>
        {!showOptionalDataControlInTitle ? optionalDataControl : undefined}
        {properties.slice(0, shownCount).map((element) =>
          // A hidden property gets no cell, which would take up space.
          element.hidden ? element.content : <PropertyCell key={element.name} content={element.content} slot={objectGridItem} />,
        )}
      </Grid>
      {canExpand(schema, uiSchema, formData) && (
        <Grid container {...objectAddButtonGridContainer} sx={withSx({ justifyContent: 'flex-end' }, objectAddButtonGridContainer)}>
          <Grid {...objectAddButtonGridItem}>
            <AddButton
              id={buttonId(fieldPathId, 'add')}
              className="rjsf-object-property-expand"
              onClick={onAddProperty}
              disabled={disabled || readonly}
              uiSchema={uiSchema}
              registry={registry}
            />
          </Grid>
        </Grid>
      )}
    </>
  );
}

/** One property's grid cell; rendered again only when the property's own props change (compared as rjsf does). */
const PropertyCell = memo(
  function PropertyCell({ content, slot }: { content: ReactElement; slot?: GridProps }) {
    return (
      <Grid size={{ xs: 12 }} {...slot} sx={withSx({ mb: 1.25 }, slot)}>
        {content}
      </Grid>
    );
  },
  (previous, next) =>
    previous.slot === next.slot &&
    previous.content.type === next.content.type &&
    previous.content.key === next.content.key &&
    deepEquals(previous.content.props, next.content.props),
);

/**
 * How many of `total` items to render: `first()` at first, then `step` more after each paint (each as a transition,
 * which React may interrupt for a keystroke; Preact renders it at once), so a keystroke waits for `step` items at most.
 * Once all are shown, items added later (a field a condition reveals) show at once.
 */
function useProgressiveCount(total: number, step: number, first: () => number): number {
  const [count, setCount] = useState<number | 'all'>(() => {
    const initial = first();
    return initial >= total ? 'all' : initial;
  });
  const shown = count === 'all' ? total : Math.min(count, total);
  useEffect(() => {
    if (count === 'all') return undefined;
    // After the next paint: in the frame's own callback the render would delay the paint it waits for.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setCount(shown + step >= total ? 'all' : shown + step)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [count, shown, step, total]);
  return shown;
}

/** About how many fields fill a phone's first three screens: what a large form renders before the rest, and per frame after. */
const FIRST_FIELDS = 20;

/** How many of the root's properties hold the first {@link FIRST_FIELDS} fields (an object counts its fields). */
function firstPropertiesCount(properties: ObjectFieldTemplateProps['properties']): number {
  let fields = 0;
  for (let index = 0; index < properties.length; index += 1) {
    const element = properties[index]!;
    if (!element.hidden) fields += fieldCount((element.content.props as { schema?: unknown }).schema);
    if (fields >= FIRST_FIELDS) return index + 1;
  }
  return properties.length;
}

/** The fields of a (retrieved) schema: an object's properties, counted through; anything else is one. */
function fieldCount(schema: unknown): number {
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  if (!properties) return 1;
  return Object.values(properties).reduce<number>((sum, property) => sum + fieldCount(property), 0);
}

/** The theme's default `sx` with the slot's own laid over it (appended when it is a list). */
function withSx(base: Record<string, unknown>, slot: GridProps | undefined): GridProps['sx'] {
  if (!slot?.sx) return base;
  return (Array.isArray(slot.sx) ? [base, ...slot.sx] : { ...base, ...(slot.sx as object) }) as GridProps['sx'];
}
