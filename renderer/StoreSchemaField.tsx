import { memo, useCallback, useSyncExternalStore, type ComponentType } from 'react';
import { getDefaultRegistry } from '@rjsf/core';
import { deepEquals, type FieldProps } from '@rjsf/utils';
import { FieldStore } from './FieldStore';
import { isDataIndependent } from './withSchemaRetrievalCache';

const SchemaField = getDefaultRegistry().fields.SchemaField as ComponentType<FieldProps>;
const PRIMITIVE_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);
const noSubscription = () => () => undefined;

/**
 * rjsf's `SchemaField`, which for a simple field (one value, not in an array, its schema independent of the data)
 * takes a newer value and errors from the form's {@link FieldStore} when there is one: the form then re-renders only
 * that field for a keystroke, not every object around it. Everything else is rjsf's `SchemaField` unchanged.
 */
export const StoreSchemaField = memo(function StoreSchemaField(props: FieldProps) {
  const store = (props.registry.formContext as { fieldStore?: FieldStore } | undefined)?.fieldStore;
  const key = store && takesStoreValues(props) ? FieldStore.keyOf(props.fieldPathId.path) : undefined;
  const subscribe = useCallback((listener: () => void) => (store && key !== undefined ? store.subscribe(key, listener) : () => undefined), [store, key]);
  const value = useSyncExternalStore(key === undefined ? noSubscription : subscribe, () => (key === undefined ? undefined : store?.get(key)));
  return value ? <SchemaField {...props} formData={value.formData} errorSchema={value.errorSchema} /> : <SchemaField {...props} />;
}, deepEquals);

function takesStoreValues({ schema, fieldPathId }: FieldProps): boolean {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return (
    types.every((type) => typeof type === 'string' && PRIMITIVE_TYPES.has(type)) &&
    !schema.oneOf &&
    !schema.anyOf &&
    fieldPathId.path.every((segment) => typeof segment === 'string') &&
    isDataIndependent(schema)
  );
}
