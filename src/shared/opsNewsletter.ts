/** The console's newsletter subscribers: shapes shared by the API and the browser. */
export interface OpsSubscriber {
  id: string;
  email: string;
  /** The page the form was sent from. */
  sourcePath: string | null;
  createdAt: string;
}
