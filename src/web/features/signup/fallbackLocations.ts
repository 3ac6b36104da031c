/**
 * The built-in copy of the location list (spec §3: Kwara, Lagos, Ogun, Osun, Oyo, Rivers and the FCT,
 * with many towns), used only when GET /api/locations fails. Loaded on demand: it is a chunk of
 * its own that no rider downloads unless the call failed. tests/web checks it against the full
 * list in src/shared/nigeria-locations.json.
 */
import type { LocationState } from '../../../shared/locations';

type Compact = { name: string; capital: string; state_code: string; towns: string[]; lgas: string[] };

const compact: Compact[] = [
  {
    name: "Federal Capital Territory",
    capital: "Abuja",
    state_code: "FC",
    towns: ["Abuja", "Garki", "Wuse", "Maitama", "Asokoro", "Gwarinpa", "Kubwa", "Lugbe", "Nyanya", "Karu", "Jabi", "Utako", "Wuye", "Apo", "Lokogoma", "Gudu", "Durumi", "Jikwoyi", "Karshi", "Dei-Dei", "Mpape", "Kado", "Life Camp", "Katampe", "Idu", "Dutse", "Bwari", "Gwagwalada", "Kuje", "Kwali", "Abaji", "Zuba", "Airport Road", "Galadimawa"],
    lgas: ["Abaji", "Bwari", "Gwagwalada", "Kuje", "Kwali", "Municipal Area Council"],
  },
  {
    name: "Kwara",
    capital: "Ilorin",
    state_code: "KW",
    towns: ["Ilorin", "Offa", "Omu-Aran", "Jebba", "Lafiagi", "Patigi", "Kaiama", "Share", "Oro", "Ajasse-Ipo", "Erin-Ile", "Igbaja", "Oke-Oyi", "Bode Saadu", "Kishi", "Afon", "Okuta", "Ilemona", "Osi", "Owu-Isin", "Tanke", "Fate", "Sango", "Adewole", "Gaa Akanbi", "Oko-Erin", "Agbabiaka", "Pakata", "Ipata", "Gambari", "Baboko", "Ojo-Gboro"],
    lgas: ["Asa", "Baruten", "Edu", "Ekiti", "Ifelodun", "Ilorin East", "Ilorin South", "Ilorin West", "Irepodun", "Isin", "Kaiama", "Moro", "Offa", "Oke Ero", "Oyun", "Pategi"],
  },
  {
    name: "Lagos",
    capital: "Ikeja",
    state_code: "LA",
    towns: ["Ikeja", "Ogba", "Agege", "Alausa", "Allen Avenue", "Opebi", "Maryland", "Ojodu", "Berger", "Isheri", "Magodo", "Omole", "Ketu", "Mile 12", "Ojota", "Gbagada", "Bariga", "Yaba", "Ebute Metta", "Surulere", "Ojuelegba", "Mushin", "Idi-Araba", "Oshodi", "Isolo", "Ejigbo", "Ikotun", "Igando", "Egbeda", "Idimu", "Ipaja", "Ayobo", "Iyana Ipaja", "Abule Egba", "Ikorodu", "Ijede", "Igbogbo", "Epe", "Ibeju", "Lekki", "Ajah", "Sangotedo", "Victoria Island", "Ikoyi", "Obalende", "Lagos Island", "Apapa", "Festac Town", "Satellite Town", "Amuwo", "Mile 2", "Ojo", "Okokomaiko", "Badagry", "Ajegunle", "Ilupeju", "Palmgrove", "Anthony", "Oregun", "Ifako", "Fagba", "Iju", "Ogudu", "Alapere", "Akoka", "Somolu", "Costain", "Ijora", "Orile", "Iganmu", "Ilasamaja", "Ajao Estate", "Ikota", "Chevron", "Osapa", "Agungi", "Ilaje", "Badore", "Abraham Adesanya", "Ogombo", "Awoyaya"],
    lgas: ["Agege", "Ajeromi-Ifelodun", "Alimosho", "Amuwo-Odofin", "Apapa", "Badagry", "Epe", "Eti-Osa", "Ibeju-Lekki", "Ifako-Ijaiye", "Ikeja", "Ikorodu", "Kosofe", "Lagos Island", "Lagos Mainland", "Mushin", "Ojo", "Oshodi-Isolo", "Shomolu", "Surulere"],
  },
  {
    name: "Ogun",
    capital: "Abeokuta",
    state_code: "OG",
    towns: ["Abeokuta", "Ijebu Ode", "Sagamu", "Ota", "Sango Ota", "Ifo", "Ilaro", "Mowe", "Ibafo", "Arepo", "Agbara", "Akute", "Ajuwon", "Owode", "Ijebu Igbo", "Ago-Iwoye", "Ikenne", "Ilishan", "Iperu", "Odogbolu", "Ayetoro", "Idiroko", "Imeko", "Ewekoro", "Itori", "Obafemi", "Odeda", "Isara", "Ode-Remo", "Atan", "Igbesa", "Magboro", "Ogere", "Joga"],
    lgas: ["Abeokuta North", "Abeokuta South", "Ado-Odo/Ota", "Ewekoro", "Ifo", "Ijebu East", "Ijebu North", "Ijebu North East", "Ijebu Ode", "Ikenne", "Imeko Afon", "Ipokia", "Obafemi Owode", "Odeda", "Odogbolu", "Ogun Waterside", "Remo North", "Sagamu", "Yewa North", "Yewa South"],
  },
  {
    name: "Osun",
    capital: "Osogbo",
    state_code: "OS",
    towns: ["Osogbo", "Ile-Ife", "Ilesa", "Ede", "Iwo", "Ejigbo", "Ikirun", "Ila-Orangun", "Ikire", "Apomu", "Gbongan", "Ipetumodu", "Modakeke", "Iragbiji", "Okuku", "Inisa", "Otan Ayegbaju", "Ilobu", "Ifon-Osun", "Ijebu-Jesa", "Esa-Oke", "Ipetu-Ijesa", "Ibokun", "Iree", "Ada", "Igbajo", "Iba", "Ede-Oballa", "Oke-Baale", "Ogo Oluwa"],
    lgas: ["Aiyedaade", "Aiyedire", "Atakunmosa East", "Atakunmosa West", "Boluwaduro", "Boripe", "Ede North", "Ede South", "Egbedore", "Ejigbo", "Ife Central", "Ife East", "Ife North", "Ife South", "Ifedayo", "Ifelodun", "Ila", "Ilesa East", "Ilesa West", "Irepodun", "Irewole", "Isokan", "Iwo", "Obokun", "Odo Otin", "Ola Oluwa", "Olorunda", "Oriade", "Orolu", "Osogbo"],
  },
  {
    name: "Oyo",
    capital: "Ibadan",
    state_code: "OY",
    towns: ["Ibadan", "Ogbomosho", "Oyo", "Iseyin", "Saki", "Shaki", "Igboho", "Eruwa", "Igbo-Ora", "Kishi", "Okeho", "Lanlate", "Igbeti", "Ilora", "Fiditi", "Ago-Are", "Tede", "Otu", "Iganna", "Moniya", "Bodija", "Dugbe", "Challenge", "Mokola", "Agodi", "Iwo Road", "Ojoo", "Apata", "Ring Road", "Sango", "Oluyole Estate", "Akobo", "Samonda", "Agbowo", "Eleyele", "Idi-Ayunre", "Omi-Adio", "Awe"],
    lgas: ["Afijio", "Akinyele", "Atiba", "Atisbo", "Egbeda", "Ibadan North", "Ibadan North-East", "Ibadan North-West", "Ibadan South-East", "Ibadan South-West", "Ibarapa Central", "Ibarapa East", "Ibarapa North", "Ido", "Irepo", "Iseyin", "Itesiwaju", "Iwajowa", "Kajola", "Lagelu", "Ogbomosho North", "Ogbomosho South", "Ogo Oluwa", "Olorunsogo", "Oluyole", "Ona Ara", "Orelope", "Ori Ire", "Oyo East", "Oyo West", "Saki East", "Saki West", "Surulere"],
  },
  {
    name: "Rivers",
    capital: "Port Harcourt",
    state_code: "RI",
    towns: ["Port Harcourt", "Obio-Akpor", "Rumuokoro", "Rumuola", "Rumuigbo", "Rumuodara", "Rumuokwuta", "Choba", "Alakahia", "Aluu", "Elelenwo", "Woji", "Trans-Amadi", "D-Line", "GRA Phase 2", "Old GRA", "Diobu", "Mile 1", "Mile 3", "Borokiri", "Eliozu", "Rumuibekwe", "Ada George", "Agip", "Oyigbo", "Bori", "Ahoada", "Omoku", "Degema", "Buguma", "Abonnema", "Bonny", "Okrika", "Eleme", "Onne", "Igrita", "Isiokpo", "Elele", "Omagwa", "Omuma", "Opobo", "Kpor", "Bodo", "Abua", "Emohua", "Ogu", "Bolo", "Afam", "Okehi", "Igwuruta", "Ozuoba", "Rumuolumeni"],
    lgas: ["Abua/Odual", "Ahoada East", "Ahoada West", "Akuku-Toru", "Andoni", "Asari-Toru", "Bonny", "Degema", "Eleme", "Emohua", "Etche", "Gokana", "Ikwerre", "Khana", "Obio/Akpor", "Ogba/Egbema/Ndoni", "Ogu/Bolo", "Okrika", "Omuma", "Opobo/Nkoro", "Oyigbo", "Port Harcourt", "Tai"],
  },
];

const place = (name: string) => ({ name, location: null, total_area: null, population: null });

export const fallbackLocations: LocationState[] = compact.map((s) => ({
  name: s.name,
  capital: s.capital,
  state_code: s.state_code,
  creation_date: '',
  location: null,
  total_area: null,
  population: null,
  towns: s.towns.map(place),
  lgas: s.lgas.map(place),
}));
