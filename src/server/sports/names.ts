import type { Rng } from './rng.ts';

/**
 * Names for generated players (rosters no source has). Chinese clubs get Chinese names with
 * their pinyin; other clubs get common European names with the usual Chinese transliteration.
 */
export interface PersonName {
  name: string;
  nameZh: string;
}

const SURNAMES: [string, string][] = [
  ['王', 'Wang'],
  ['李', 'Li'],
  ['张', 'Zhang'],
  ['刘', 'Liu'],
  ['陈', 'Chen'],
  ['杨', 'Yang'],
  ['赵', 'Zhao'],
  ['黄', 'Huang'],
  ['周', 'Zhou'],
  ['吴', 'Wu'],
  ['徐', 'Xu'],
  ['孙', 'Sun'],
  ['胡', 'Hu'],
  ['朱', 'Zhu'],
  ['高', 'Gao'],
  ['林', 'Lin'],
  ['何', 'He'],
  ['郭', 'Guo'],
  ['马', 'Ma'],
  ['罗', 'Luo'],
  ['梁', 'Liang'],
  ['宋', 'Song'],
  ['郑', 'Zheng'],
  ['谢', 'Xie'],
  ['韩', 'Han'],
  ['唐', 'Tang'],
  ['冯', 'Feng'],
  ['于', 'Yu'],
  ['董', 'Dong'],
  ['萧', 'Xiao'],
  ['程', 'Cheng'],
  ['曹', 'Cao'],
  ['袁', 'Yuan'],
  ['邓', 'Deng'],
  ['许', 'Xu'],
  ['傅', 'Fu'],
  ['沈', 'Shen'],
  ['曾', 'Zeng'],
  ['彭', 'Peng'],
  ['吕', 'Lyu'],
];

const GIVEN: [string, string][] = [
  ['伟', 'Wei'],
  ['磊', 'Lei'],
  ['涛', 'Tao'],
  ['鹏', 'Peng'],
  ['杰', 'Jie'],
  ['浩', 'Hao'],
  ['宇', 'Yu'],
  ['轩', 'Xuan'],
  ['博', 'Bo'],
  ['文', 'Wen'],
  ['斌', 'Bin'],
  ['强', 'Qiang'],
  ['军', 'Jun'],
  ['峰', 'Feng'],
  ['辉', 'Hui'],
  ['明', 'Ming'],
  ['超', 'Chao'],
  ['亮', 'Liang'],
  ['健', 'Jian'],
  ['凯', 'Kai'],
  ['帅', 'Shuai'],
  ['龙', 'Long'],
  ['阳', 'Yang'],
  ['晨', 'Chen'],
  ['旭', 'Xu'],
  ['昊', 'Hao'],
  ['然', 'Ran'],
  ['航', 'Hang'],
  ['毅', 'Yi'],
  ['成', 'Cheng'],
  ['俊', 'Jun'],
  ['嘉', 'Jia'],
  ['子', 'Zi'],
  ['天', 'Tian'],
  ['一', 'Yi'],
  ['志', 'Zhi'],
  ['家', 'Jia'],
  ['振', 'Zhen'],
  ['海', 'Hai'],
  ['东', 'Dong'],
];

const FIRST: [string, string][] = [
  ['Lucas', '卢卡斯'],
  ['Hugo', '雨果'],
  ['Thomas', '托马斯'],
  ['Mathis', '马蒂斯'],
  ['Adrien', '阿德里安'],
  ['Julien', '朱利安'],
  ['Antoine', '安托万'],
  ['Nicolas', '尼古拉斯'],
  ['Mateo', '马特奥'],
  ['Diego', '迭戈'],
  ['Pablo', '巴勃罗'],
  ['Marco', '马尔科'],
  ['Luca', '卢卡'],
  ['Jonas', '约纳斯'],
  ['Felix', '菲利克斯'],
  ['Noah', '诺亚'],
  ['Daniel', '丹尼尔'],
  ['David', '大卫'],
  ['Samuel', '塞缪尔'],
  ['Tomas', '托马斯'],
  ['Milan', '米兰'],
  ['Victor', '维克托'],
  ['Rafael', '拉斐尔'],
  ['Bruno', '布鲁诺'],
  ['Andre', '安德烈'],
  ['Kevin', '凯文'],
  ['Yannick', '雅尼克'],
  ['Ibrahim', '易卜拉欣'],
  ['Moussa', '穆萨'],
  ['Karim', '卡里姆'],
  ['Emil', '埃米尔'],
  ['Oscar', '奥斯卡'],
  ['Leon', '莱昂'],
  ['Simon', '西蒙'],
  ['Martin', '马丁'],
  ['Erik', '埃里克'],
];

const LAST: [string, string][] = [
  ['Martin', '马丁'],
  ['Bernard', '贝尔纳'],
  ['Dubois', '杜布瓦'],
  ['Laurent', '洛朗'],
  ['Moreau', '莫罗'],
  ['Girard', '吉拉尔'],
  ['Fontaine', '方丹'],
  ['Mercier', '梅西耶'],
  ['Garcia', '加西亚'],
  ['Fernandes', '费尔南德斯'],
  ['Silva', '席尔瓦'],
  ['Costa', '科斯塔'],
  ['Rossi', '罗西'],
  ['Romano', '罗马诺'],
  ['Bianchi', '比安奇'],
  ['Keller', '凯勒'],
  ['Wagner', '瓦格纳'],
  ['Becker', '贝克尔'],
  ['Hansen', '汉森'],
  ['Jensen', '延森'],
  ['Novak', '诺瓦克'],
  ['Horvat', '霍尔瓦特'],
  ['Kovac', '科瓦奇'],
  ['Petrovic', '彼得罗维奇'],
  ['Diallo', '迪亚洛'],
  ['Traore', '特拉奥雷'],
  ['Camara', '卡马拉'],
  ['Mendes', '门德斯'],
  ['Pereira', '佩雷拉'],
  ['Santos', '桑托斯'],
  ['Janssen', '扬森'],
  ['de Vries', '德弗里斯'],
  ['Peeters', '佩特斯'],
  ['Lindqvist', '林奎斯特'],
  ['Nowak', '诺瓦克'],
  ['Yilmaz', '耶尔马兹'],
  ['Aydin', '艾登'],
  ['Schmid', '施密德'],
  ['Richter', '里希特'],
  ['Blanc', '布兰克'],
];

export function chineseName(rng: Rng): PersonName {
  const [s, sp] = rng.pick(SURNAMES);
  const parts = rng.chance(0.6) ? [rng.pick(GIVEN), rng.pick(GIVEN)] : [rng.pick(GIVEN)];
  const given = parts.map((p) => p[1].toLowerCase()).join('');
  return {
    nameZh: s + parts.map((p) => p[0]).join(''),
    name: `${sp} ${given[0].toUpperCase()}${given.slice(1)}`,
  };
}

export function foreignName(rng: Rng): PersonName {
  const [f, fz] = rng.pick(FIRST);
  const [l, lz] = rng.pick(LAST);
  return { name: `${f} ${l}`, nameZh: `${fz}·${lz}` };
}

/** A name without accents or case: "Bruno Fernandes" and "Bruno Fernándes" are one name. */
export const nameKey = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * A name neither of whose spellings is in `taken` yet: rosters never hold two players of the same
 * name, in Latin letters (by `nameKey`) or in Chinese (Thomas and Tomas are both 托马斯). `taken`
 * starts with the real players' names, so no generated player bears a real one's name.
 */
export function uniqueName(rng: Rng, make: (r: Rng) => PersonName, taken: Set<string>): PersonName {
  for (let i = 0; i < 50; i++) {
    const n = make(rng);
    if (!taken.has(nameKey(n.name)) && !taken.has(n.nameZh)) {
      taken.add(nameKey(n.name)).add(n.nameZh);
      return n;
    }
  }
  const n = make(rng);
  return { name: `${n.name} ${taken.size}`, nameZh: n.nameZh };
}
