/** The records this service returns: plain objects, already in the API's field names. */
export interface SnapshotView {
  id: string;
  widget_id: string;
  data: Record<string, unknown>;
  created_at: string;
}

export interface WidgetView {
  id: string;
  name: string;
  type: string;
  description: string | null;
  dashboard_id: string | null;
  tags: string[];
  latest_snapshot: Omit<SnapshotView, 'widget_id'> | null;
  created_at: string;
  updated_at: string;
}

export interface DashboardView {
  id: string;
  name: string;
  description: string | null;
  widget_count: number;
  created_at: string;
  updated_at: string;
}

export interface TagView {
  id: string;
  name: string;
  widget_count: number;
  created_at: string;
}
