import { Outlet } from 'react-router-dom';
import { Refine } from '@refinedev/core';
import routerBindings from '@refinedev/react-router-v6';
import { dataProvider } from '../dataProvider';
import { authProvider } from '../dataProvider/authProvider';
import { refineResources } from '../resources';

/**
 * Refine around the routes that use it (centres, staff pages, checkout). A lazy chunk of its own:
 * Refine, its data provider and the resource table are loaded on the first navigation to such a
 * route, so the public pages (home, search, detail, albums) never download them. One layout
 * route holds every Refine page, so its query cache lives while the visitor moves between them.
 */
export default function RefineScope() {
  return (
    <Refine
      routerProvider={routerBindings}
      dataProvider={dataProvider}
      authProvider={authProvider}
      resources={refineResources}
      options={{ disableTelemetry: true, syncWithLocation: true }}
    >
      <Outlet />
    </Refine>
  );
}
