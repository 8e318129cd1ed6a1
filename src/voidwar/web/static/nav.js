// @ts-check
// The navigation of the online table on pages that do not otherwise load it (the lobby).
import { nav } from "./account.js";
nav();
