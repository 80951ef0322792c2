/** A base asset of the simulated catalogue. */
export interface BaseAsset {
  readonly asset: string;
  /** 1 for the largest coin; decides which quotes list it and how much it trades. */
  readonly rank: number;
  /**
   * A coin's price magnitude in USD: its price lies in [10^decade, 10^(decade+1)) (PEPE −5,
   * SOL 2). Undefined for pegged assets, which have a `pegUsd` instead.
   */
  readonly decade?: number;
  /** The USD value of a stablecoin (1) or fiat-like asset (EUR 1.16). */
  readonly pegUsd?: number;
  /** The year it was listed (2017…2026), when known; otherwise derived from its rank. */
  readonly listedYear?: number;
}

/**
 * Real coin tickers listed on Binance spot, roughly by market capitalisation, each with its price
 * decade and listing year (`TICKER:decade:yy`), or a peg (`TICKER=usd:yy`). The magnitudes and years
 * are approximate; within a decade the simulator picks a price from a hash of the ticker. Written
 * as text because 480 entries of objects would be 480 lines of noise.
 */
const LIST = `
BTC:4:17 ETH:3:17 BNB:2:17 XRP:0:18 SOL:2:20 USDC=1:18 TRX:-1:18 DOGE:-1:19 ADA:-1:18
LINK:1:19 BCH:2:19 XLM:-1:18 SUI:0:23 AVAX:1:20 LTC:1:17 HBAR:-1:19 SHIB:-5:21 TON:0:24 DOT:0:20
UNI:0:20 PEPE:-5:23 AAVE:2:20 NEAR:0:20 APT:0:22 ETC:1:18 ICP:0:21 TAO:2:24 POL:-1:24 ONDO:-1:24
ATOM:0:19 ARB:-1:23 VET:-2:18 RENDER:0:24 FIL:0:20 ALGO:-1:19 ENA:-1:24 WLD:0:23 SEI:-1:23
BONK:-5:23 JUP:-1:24 QNT:1:21 INJ:1:20 OP:0:22 FET:-1:19 TIA:0:23 STX:-1:21 IMX:-1:21 GRT:-1:20
WIF:0:24 FLOKI:-5:23 CRV:-1:20 LDO:0:22 THETA:-1:19 SAND:-1:20 MKR:3:19 JASMY:-2:21 GALA:-2:21
FDUSD=1:23 XTZ:-1:19 EOS:-1:18 PAXG:3:22 IOTA:-1:18 FLOW:-1:21 AXS:0:20 PENDLE:0:23 KAIA:-1:24
NEO:0:17 CAKE:0:21 MANA:-1:20 EGLD:1:20 RUNE:0:20 XEC:-5:21 CFX:-1:22 CHZ:-2:19 ZEC:2:18
RAY:0:22 PYTH:-1:24 ENS:1:21 STRK:-1:24 HNT:0:22 SNX:0:20 DYDX:-1:21 BEAMX:-2:23 NOT:-3:24
AR:0:20 1INCH:-1:20 COMP:1:20 ZRO:0:24 ZK:-2:24 KSM:1:20 APE:-1:22 MINA:-1:22 ROSE:-2:20
TWT:0:20 GMX:1:22 TRUMP:0:25 ASTR:-2:22 W:-1:24 AXL:-1:23 BLUR:-1:23 ZIL:-2:18 EIGEN:0:24
JTO:0:23 ORDI:1:23 GLM:-1:22 CELO:-1:21 ID:-1:23 DASH:1:18 LPT:0:22 MOVE:-1:24 SSV:1:23
ACH:-2:22 KAVA:-1:19 RSR:-3:20 ANKR:-2:19 TFUEL:-2:19 QTUM:0:17 ZRX:-1:18 BAT:-1:18 ENJ:-2:19
SFP:-1:21 YFI:3:20 IOTX:-2:19 ONE:-2:19 MASK:0:21 WOO:-1:22 SXP:-1:20 BAND:0:19 HOT:-4:19
ICX:-1:18 ONT:-1:18 RVN:-2:19 SKL:-2:20 ZEN:1:18 SC:-3:18 DGB:-3:19 STORJ:-1:19 LRC:-1:21
AUDIO:-1:20 CELR:-2:19 ARKM:-1:23 ALT:-2:24 MANTA:-1:24 DYM:-1:24 PIXEL:-2:24 PORTAL:-2:24
AEVO:-1:24 ETHFI:0:24 BOME:-3:24 MEME:-3:23 PEOPLE:-2:21 SAGA:-1:24 OMNI:0:24 REZ:-2:24
BB:-1:24 IO:0:24 LISTA:-1:24 BANANA:1:24 TNSR:-1:24 NEIRO:-4:24 DOGS:-4:24 TURBO:-3:24
CATI:-1:24 HMSTR:-3:24 SCR:-1:24 PNUT:-1:24 ACT:-2:24 COW:-1:24 CETUS:-1:24 USUAL:-1:24
PENGU:-2:24 VANA:0:24 ME:0:24 BIO:-1:25 S:-1:25 SOLV:-2:25 ANIME:-2:25 VIRTUAL:0:25 LAYER:-1:25
KAITO:0:25 RED:-1:25 BERA:0:25 IP:0:25 SHELL:-1:25 GPS:-2:25 NIL:-1:25 PARTI:-1:25 WCT:-1:25
HYPER:-1:25 INIT:-1:25 SIGN:-2:25 KMNO:-2:25 HUMA:-2:25 SOPH:-2:25 NEWT:-1:25 SAHARA:-2:25
ERA:-1:25 TREE:-1:25 PUMP:-3:25 WLFI:-1:25 HOLO:-1:25 LINEA:-2:25 AVNT:-1:25 0G:0:25 XPL:-1:25
ASTER:0:25 FF:-1:25 2Z:-1:25 WBTC:4:19 WBETH:3:23 BNSOL:2:24 TUSD=1:19 USDP=1:19 EUR=1.16:20
AEUR=1.16:23 EURI=1.16:24 USDT=1:17
ARPA:-2:19 AMP:-3:22 ATA:-2:21 BAKE:-1:21 BICO:-1:21 BNT:-1:19 C98:-1:21 CHR:-1:20 CKB:-3:21
COTI:-2:19 CTSI:-1:20 DENT:-4:19 DODO:-2:21 DUSK:-1:19 EDU:-1:23 FIDA:-1:21 FIO:-2:20
FLUX:-1:22 FORTH:0:21 FXS:0:22 GLMR:-2:22 GTC:-1:21 HIGH:-1:22 HOOK:-1:22 IDEX:-2:21 ILV:1:21
JOE:-1:22 JST:-2:20 KNC:-1:19 LQTY:0:23 LSK:-1:18 LUNA:-1:22 LUNC:-5:22 MAGIC:-1:22 MAV:-2:23
MDT:-2:19 MTL:0:18 NKN:-2:19 NMR:1:20 OGN:-2:20 OM:-1:21 OXT:-2:20 PHB:-1:22 POLYX:-1:22
POND:-2:21 POWR:-1:18 PROM:0:22 PYR:0:21 QI:-2:22 QKC:-3:19 RAD:0:21 RDNT:-2:23 REI:-2:22
RIF:-2:20 RLC:0:18 RPL:0:23 SANTOS:0:21 SLP:-3:20 SPELL:-4:22 STG:-1:22 SUN:-2:21 SUSHI:-1:20
SYN:-1:22 SYS:-2:18 T:-2:22 TLM:-3:21 TRB:1:20 TRU:-2:21 UMA:0:20 UTK:-2:21 VANRY:-2:23
VTHO:-3:19 WAN:-1:18 WAXP:-2:22 WIN:-5:19 XAI:-2:24 XVG:-3:18 XVS:0:20 YGG:-1:21 ACE:-1:23
AI:-1:24 ALICE:-1:21 ALPHA:-2:20 API3:0:22 ARDR:-2:18 ASR:0:21 ATM:0:21 AUCTION:1:22 BAR:0:21
BEL:-1:20 BSW:-2:22 CHESS:-2:21 CITY:0:21 CLV:-2:21 CVC:-1:18 CVX:0:22 CYBER:0:23 DATA:-2:19
DEGO:0:21 DF:-2:21 DIA:-1:20 DEXE:1:23 ELF:-1:18 FARM:1:21 FIS:-1:21 FLM:-2:20 GHST:-1:21
GNO:2:22 GNS:0:23 HFT:-1:22 HIFI:-1:23 IQ:-3:22 JUV:0:21 KDA:-1:22 LAZIO:0:21 LEVER:-4:22
LIT:-1:21 LOKA:-1:22 LTO:-2:19 MBOX:-2:21 MLN:1:21 MOVR:0:22 NFP:-1:23 NTRN:-1:23 NULS:-2:18
OG:0:21 PERP:-1:21 PIVX:-1:18 PORTO:0:21 PSG:0:21 QUICK:-2:21 RARE:-1:21 REQ:-1:18 RONIN:0:24
SCRT:-1:22 SNT:-2:18 STEEM:-1:19 STPT:-2:20 STRAX:-2:18 SUPER:-1:21 TKO:-1:21 VIC:-1:24
VOXEL:-1:22 XNO:0:22 BANANAS31:-3:25 BROCCOLI714:-2:25 TUT:-2:25 MUBARAK:-2:25 1MBABYDOGE:-3:24
1000SATS:-5:24 1000CHEEMS:-3:24 1000CAT:-3:24 ACX:-1:24 ORCA:0:24 THE:-1:24 GUN:-2:25 BMT:-2:25
FORM:0:25 NXPC:-1:25 HAEDAL:-1:25 DOLO:-2:25 MITO:-1:25 OPEN:-1:25 ZKC:-1:25 SOMI:-1:25
BARD:-1:25 EDEN:-1:25 AGLD:0:21 AERGO:-1:21 ADX:-1:18 BURGER:-1:21 D:-2:21 DCR:1:22 G:-2:24
GMT:-1:22 HEI:-1:25 KERNEL:-1:25 LUMIA:-1:24 ONG:-1:19 OSMO:-1:24 SLF:-1:24 SYRUP:-1:25
TST:-2:25 USTC:-2:22 VELODROME:-2:25 CGPT:-1:25 COOKIE:-1:25 ALPINE:0:21 BIFI:2:21 COS:-3:19
CTK:-1:20 HIVE:-1:20 IOST:-3:19 SXT:-1:25 TROY:-4:19 VIDT:-2:22 WING:0:21 AIXBT:-1:25
ARK:-1:18 BTCST:-1:21 EPIC:0:24 FUN:-3:18 GAS:0:21 KEY:-3:19 LOOM:-2:18 MBL:-3:20 OAX:-1:18
PDA:-2:22 PROS:-1:21 RAMP:-2:20 REEF:-4:20 STMX:-3:19 TORN:1:22 UFT:-1:21 UNFI:0:21
VGX:-2:22 WRX:-1:19 XEM:-2:18 YFII:2:20 AKRO:-3:20 ALPACA:-1:21 AUTO:2:21 BETA:-2:21 BLZ:-2:19
BOND:0:21 CREAM:1:20 DAR:-2:21 DREP:-1:20 ERN:0:21 FOR:-3:20 FRONT:-1:20 GFT:-2:22 HARD:-1:20
IRIS:-2:20 KP3R:1:21 LINA:-3:21 LOOKS:-2:22 MC:-1:21 MDX:-2:21 MIR:-2:21 MOB:-1:22
NBT:-3:22 OOKI:-4:22 PLA:-1:21 PNT:-2:20 POLS:-1:21 RGT:1:21 SNM:-1:22 SRM:-1:20 TVK:-2:21
WNXM:1:20 XMR:2:18 AMB:-3:22 AGIX:-1:21 OCEAN:-1:19 ANT:0:19 BTS:-3:18 NPXS:-4:18
KLAY:-1:21 MATIC:-1:19 FTM:-1:19 EURC=1.16:25 USD1=1:25 XUSD=1:25
`;

function parse(text: string): BaseAsset[] {
  const tokens = text.split(/\s+/).filter(Boolean);
  return tokens.map((token, position) => {
    const match = /^([A-Z0-9]+)(?::(-?\d+)|=([\d.]+))(?::(\d\d))?$/.exec(token);
    if (!match) throw new Error(`Malformed base asset '${token}'`);
    const [, asset = '', decade, peg, year] = match;
    return {
      asset,
      rank: position + 1,
      ...(decade === undefined ? {} : { decade: Number(decade) }),
      ...(peg === undefined ? {} : { pegUsd: Number(peg) }),
      ...(year === undefined ? {} : { listedYear: 2000 + Number(year) }),
    };
  });
}

/** The base assets, largest first. */
export const BASE_ASSETS: readonly BaseAsset[] = parse(LIST);
