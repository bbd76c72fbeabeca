import { DndContext, KeyboardSensor, PointerSensor, TouchSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, rectSortingStrategy, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { t } from '../../shared/ui/t';
import { FilePicture, readableSize, type HeldFile } from './FileDrop';
import { loadDocumentTexts } from './documentTexts';

/** One uploaded page of a multi-page document: its attachment id and what the merchant sees of it. */
export interface Page extends HeldFile {
  id: number;
}

/**
 * The multi-page grid (onboarding spec section 2): the pages in their order, Page 1 first, sortable by dragging
 * (mouse or touch) and by keyboard (focus a page, Space to pick it up, arrow keys to move, Space to drop: dnd-kit's
 * keyboard sensor, which also announces each move to screen readers). `addMore` is the last tile.
 */
export function SortablePages({ pages, onReorder, onRemove, addMore }: { pages: Page[]; onReorder: (pages: Page[]) => void; onRemove: (page: Page) => void; addMore?: ReactNode }) {
  loadDocumentTexts();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = pages.findIndex((page) => page.id === active.id);
    const to = pages.findIndex((page) => page.id === over.id);
    onReorder(arrayMove(pages, from, to));
  };
  const numbered = (id: string | number) => t('documents.page', { n: pages.findIndex((page) => page.id === id) + 1 });
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: t('documents.sortInstructions') },
        announcements: {
          onDragStart: ({ active }) => t('documents.sortPicked', { page: numbered(active.id) }),
          onDragOver: ({ over }) => (over ? t('documents.sortOver', { page: numbered(over.id) }) : undefined),
          onDragEnd: ({ over }) => (over ? t('documents.sortDropped', { page: numbered(over.id) }) : undefined),
          onDragCancel: () => t('documents.sortCancelled'),
        },
      }}
    >
      <SortableContext items={pages.map((page) => page.id)} strategy={rectSortingStrategy}>
        <Box component="ol" aria-label={t('documents.pages')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(132px, 1fr))', gap: 1 }}>
          {pages.map((page, index) => (
            <SortableTile key={page.id} page={page} index={index} onRemove={() => onRemove(page)} />
          ))}
          {addMore && <Box component="li">{addMore}</Box>}
        </Box>
      </SortableContext>
    </DndContext>
  );
}

function SortableTile({ page, index, onRemove }: { page: Page; index: number; onRemove: () => void }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: page.id });
  const label = t('documents.page', { n: index + 1 });
  return (
    <Box
      component="li"
      ref={setNodeRef}
      data-page-name={page.name}
      sx={{
        transform: CSS.Transform.toString(transform),
        transition,
        zIndex: isDragging ? 1 : 0,
        border: 1,
        borderColor: isDragging ? 'primary.main' : 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
        p: 1,
        display: 'flex',
        flexDirection: 'column',
        gap: 0.5,
      }}
    >
      <Box
        {...attributes}
        {...listeners}
        aria-roledescription={t('documents.sortable')}
        sx={{ cursor: 'grab', touchAction: 'none', borderRadius: 0.5, minHeight: 44, '&:focus-visible': { outline: 3, outlineColor: 'primary.main' } }}
      >
        <Typography variant="subtitle2">{label}</Typography>
        <FilePicture file={page} alt="" sx={{ width: '100%', height: 72 }} />
        <Typography variant="caption" noWrap component="p" title={page.name}>
          {page.name}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {readableSize(page.size)}
        </Typography>
      </Box>
      <Link component="button" type="button" onClick={onRemove} sx={{ minHeight: 44, alignSelf: 'flex-start' }} aria-label={t('documents.removeNamed', { name: `${label}, ${page.name}` })}>
        {t('documents.remove')}
      </Link>
    </Box>
  );
}
