/**
 * A minimal TanStack router around a story, for pages that use <Link>: one root route in
 * memory history that renders the story.
 */
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { createContext, useContext, useState, type ReactNode } from 'react';
import type { Decorator } from '@storybook/react-vite';

const StoryContent = createContext<ReactNode>(null);

function StoryOutlet() {
  return <>{useContext(StoryContent)}</>;
}

export function StoryRouter({ children, path = '/' }: { children: ReactNode; path?: string }) {
  const [router] = useState(() =>
    createRouter({
      routeTree: createRootRoute({ component: StoryOutlet }),
      history: createMemoryHistory({ initialEntries: [path] }),
    }),
  );
  return (
    <StoryContent.Provider value={children}>
      <RouterProvider router={router} />
    </StoryContent.Provider>
  );
}

export const withRouter: Decorator = (Story) => (
  <StoryRouter>
    <Story />
  </StoryRouter>
);
