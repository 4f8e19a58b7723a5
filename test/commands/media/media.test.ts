import type { MediaEvent } from '../../../commands/media/events.ts';
import { media } from '../../../commands/media/media.ts';
import { InvalidTransitionException, MediaNotFoundException } from '../../../src/core/errors.ts';
import { given } from '../../support/decider.ts';

const at = '2026-11-21T10:00:00.000Z';
const uploaded: MediaEvent = {
  type: 'ImageUploaded',
  data: {
    media_id: 2,
    vendor_id: 7,
    product_id: null,
    file_name: 'cup.png',
    source_format: 'png',
    source_bytes: 1000,
    width: 10,
    height: 10,
    variants: [{ variant: 'original', path: 'media/7/2/original.webp', width: 10, height: 10, bytes: 100, content_type: 'image/webp' }],
    total_bytes: 100,
    uploaded_by: 1,
    at,
  },
};

describe('image', () => {
  it('records an upload once', () => {
    given(media, []).when({ type: 'RecordImageUpload', data: uploaded.data }).then([uploaded]);
    given(media, [uploaded]).when({ type: 'RecordImageUpload', data: uploaded.data }).thenThrows(InvalidTransitionException);
  });

  it('is deleted by its vendor or an admin, and is then not found', () => {
    const deleted: MediaEvent = { type: 'ImageDeleted', data: { media_id: 2, vendor_id: 7, at } };
    given(media, [uploaded])
      .when({ type: 'DeleteImage', data: { acting_vendor_id: 7, at } })
      .then([deleted]);
    given(media, [uploaded])
      .when({ type: 'DeleteImage', data: { acting_vendor_id: null, at } })
      .then([deleted]);
    given(media, [uploaded, deleted])
      .when({ type: 'DeleteImage', data: { acting_vendor_id: null, at } })
      .thenThrows(MediaNotFoundException);
  });

  it('is not found by another vendor', () => {
    given(media, [uploaded])
      .when({ type: 'DeleteImage', data: { acting_vendor_id: 8, at } })
      .thenThrows(MediaNotFoundException);
  });
});
