import { createBrowserRouter, Navigate } from 'react-router-dom';
import { AppFrame } from './app-frame';
import { LayoutPage } from './pages/layout-page';
import { NotFoundPage } from './pages/not-found-page';
import { PlaygroundPage } from './pages/playground-page';

export const router = createBrowserRouter([
  {
    element: <AppFrame />,
    children: [
      { path: '/', element: <LayoutPage path="home" /> },
      { path: '/layouts/*', element: <LayoutPage /> },
      { path: '/playground', element: <PlaygroundPage /> },
      { path: '/auth/404', element: <NotFoundPage /> },
      { path: '*', element: <Navigate to="/auth/404" replace /> },
    ],
  },
]);
