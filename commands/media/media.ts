import { assertNever, type Decider } from '../../src/core/decider.ts';
import { MediaNotFoundException } from '../../src/core/errors.ts';
import { checkTransition, type TransitionTable } from '../../src/core/transitions.ts';
import type { ImageUploaded, MediaEvent } from './events.ts';

/** An image: stored, then possibly deleted. A vendor caller only reaches its own images. */
export type MediaState =
  { status: 'none' } | { status: 'stored'; id: number; vendor_id: number } | { status: 'deleted'; id: number; vendor_id: number };

type MediaAction = 'upload' | 'delete';
export const MEDIA_TRANSITIONS: TransitionTable<MediaState['status'], MediaAction> = {
  upload: { from: ['none'], to: 'stored' },
  delete: { from: ['stored'], to: 'deleted' },
};

export type RecordImageUpload = { type: 'RecordImageUpload'; data: Omit<ImageUploaded['data'], 'at'> & { at: string } };
export type DeleteImage = { type: 'DeleteImage'; data: { acting_vendor_id: number | null; at: string } };
export type MediaCommand = RecordImageUpload | DeleteImage;

export function decideMedia(command: MediaCommand, state: MediaState): MediaEvent[] {
  switch (command.type) {
    case 'RecordImageUpload':
      checkTransition('Image', MEDIA_TRANSITIONS, 'upload', state.status);
      return [{ type: 'ImageUploaded', data: command.data }];
    case 'DeleteImage': {
      const acting = command.data.acting_vendor_id;
      if (state.status !== 'stored' || (acting !== null && state.vendor_id !== acting)) throw new MediaNotFoundException('Image not found');
      return [{ type: 'ImageDeleted', data: { media_id: state.id, vendor_id: state.vendor_id, at: command.data.at } }];
    }
    default:
      return assertNever(command);
  }
}

export function evolveMedia(state: MediaState, event: MediaEvent): MediaState {
  switch (event.type) {
    case 'ImageUploaded':
      return { status: 'stored', id: event.data.media_id, vendor_id: event.data.vendor_id };
    case 'ImageDeleted':
      return { status: 'deleted', id: event.data.media_id, vendor_id: event.data.vendor_id };
  }
}

export const media: Decider<MediaState, MediaCommand, MediaEvent> = {
  aggregate: 'media',
  initialState: () => ({ status: 'none' }),
  evolve: evolveMedia,
  decide: decideMedia,
};
