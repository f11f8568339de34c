// The floor of the JavaScript budget: React 19 hydrating one button, nothing else.
import { hydrateRoot } from 'react-dom/client';

function Button() {
  return <button type="button">Hello</button>;
}

hydrateRoot(document.getElementById('root')!, <Button />);
