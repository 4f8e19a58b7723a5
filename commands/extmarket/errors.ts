import { ResourceNotFoundException } from '../../src/core/errors.ts';

export class ExtmarketSyncJobNotFoundException extends ResourceNotFoundException {}
