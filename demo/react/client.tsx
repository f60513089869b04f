/** Hydrates the server-rendered React page with the props the server rendered it with. */
import { hydrateRoot } from 'react-dom/client';
import { App, type AppProps } from './app.tsx';

const root = document.getElementById('root')!;
hydrateRoot(root, <App {...(JSON.parse(root.dataset['props'] ?? '{}') as AppProps)} />);
