import { z } from "zod";

// Every schema of the app imports z from here, so messages are Italian in browser and server alike.
z.config(z.locales.it());

export { z };
