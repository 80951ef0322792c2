import { useLocation, useNavigationType } from 'react-router-dom';

/** Shows the router’s current path (and query) and how it got there, for tests to read. */
export function LocationProbe() {
  const location = useLocation();
  const navigationType = useNavigationType();
  return (
    <output data-testid="location" data-navigation-type={navigationType}>
      {location.pathname}
      {location.search}
    </output>
  );
}
