/**
 * The addresses the search form asked the router for and has not seen arrive yet. Two quick changes make two
 * navigations; when the first one lands while the second is on its way, the form must keep the member's newer
 * choice instead of going back to that older address (and a third change built on it losing a filter). An
 * address nobody here asked for (Back, a link, the restored last search) is the member's and always wins.
 */
export class AddressEcho {
  private inFlight: string[] = [];

  /** The form asked for `next` while `current` is shown. */
  requested(next: string, current: string): void {
    if (next !== current) this.inFlight.push(next);
  }

  /** Whether the form should take the address that just arrived. */
  arrived(address: string): boolean {
    const index = this.inFlight.indexOf(address);
    if (index === -1) {
      this.inFlight = [];
      return true;
    }
    this.inFlight.splice(0, index + 1);
    return this.inFlight.length === 0;
  }
}
