/** People (pages are loaded lazily by app/App.tsx). */
export {};
