/** Server rendering of the React page (built to a self-contained module the demo server imports). */
import { renderToString } from 'react-dom/server';
import { App, type AppProps } from './app.tsx';

export const render = (props: AppProps): string => renderToString(<App {...props} />);
