import { memo, type CSSProperties, type ReactElement } from 'react';
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
  const isRoot = fieldPathId.path.length === 0;

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
        {properties.map((element) =>
          // A hidden property gets no cell, which would take up space.
          element.hidden ? element.content : <PropertyCell key={element.name} content={element.content} slot={objectGridItem} section={isRoot && isObject(element.content)} />,
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

/**
 * A property's cell: full width, as the theme's `Grid` item draws it (`size` 12, `mb` 1.25), as a plain `div` unless
 * the uiSchema gives the cell props of its own (a `Grid` computes its styles on every render, once per field). A
 * section of the form (an object of the root) is drawn only when near the window (`content-visibility: auto`): its
 * fields are in the page, labelled and focusable, but a long form does not lay out and paint the sections below.
 */
const PropertyCell = memo(
  function PropertyCell({ content, slot, section }: { content: ReactElement; slot?: GridProps; section: boolean }) {
    if (slot) {
      return (
        <Grid size={{ xs: 12 }} {...slot} sx={withSx({ mb: 1.25 }, slot)}>
          {content}
        </Grid>
      );
    }
    return <div style={section ? SECTION_CELL : CELL}>{content}</div>;
  },
  (previous, next) =>
    previous.slot === next.slot &&
    previous.section === next.section &&
    previous.content.type === next.content.type &&
    previous.content.key === next.content.key &&
    deepEquals(previous.content.props, next.content.props),
);

const CELL: CSSProperties = { width: '100%', minWidth: 0, marginBottom: 10 };
// `auto` remembers a section's height once drawn; until then about a section of a step's size.
const SECTION_CELL: CSSProperties = { ...CELL, contentVisibility: 'auto', containIntrinsicSize: 'auto 600px' };

/** Whether a property is an object (a section of the form). */
function isObject(content: ReactElement): boolean {
  return (content.props as { schema?: { type?: unknown } }).schema?.type === 'object';
}

/** The theme's default `sx` with the slot's own laid over it (appended when it is a list). */
function withSx(base: Record<string, unknown>, slot: GridProps | undefined): GridProps['sx'] {
  if (!slot?.sx) return base;
  return (Array.isArray(slot.sx) ? [base, ...slot.sx] : { ...base, ...(slot.sx as object) }) as GridProps['sx'];
}
