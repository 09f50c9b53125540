// Tables of saved mind maps (0030_mind_maps). Composed into `Database` in ../schema.ts.

export interface MindMapsTable {
  id: string;
  owner_id: string;
  title: string;
  /** The map as a markdown outline (docs/api/mindmaps.md). */
  outline: string;
  /** JSON {kind, id?, title} of what it was made from; null when drawn by hand. */
  source: string | null;
  share_token: string | null;
  shared_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface MindMapTables {
  mind_maps: MindMapsTable;
}
