import { table } from './english.ts';
import { plain } from './other.ts';
import type { Language } from './reader.ts';
import { spell } from './syllables.ts';

/**
 * Japanese and Korean names are written in Chinese with their own characters (kanji, hanja), not
 * by sound: 久保, 三笘, 金玟哉. The characters of a name cannot be derived from its romanisation,
 * so a table holds those known; the rest are read by sound (the `plain` reader) as a stopgap.
 */

const JAPANESE_SURNAMES = table(`
  Mitoma 三笘 Endo 远藤 Endō 远藤 Tomiyasu 富安 Kamada 镰田 Itakura 板仓 Machida 町田 Ito 伊藤
  Itō 伊藤 Sano 佐野 Suzuki 铃木 Tanaka 田中 Kubo 久保 Doan 堂安 Minamino 南野 Morita 守田
  Hatate 旗手 Maeda 前田 Ueda 上田 Nakamura 中村 Sugawara 菅原 Watanabe 渡边 Taniguchi 谷口
  Seko 濑古 Yamane 山根 Hashioka 桥冈 Nagatomo 长友 Asano 浅野 Osako 大迫 Ogawa 小川
  Hayakawa 早川 Kobayashi 小林 Takahashi 高桥 Yamamoto 山本 Yamada 山田 Sato 佐藤 Inoue 井上
  Kimura 木村 Hayashi 林 Shimizu 清水 Yamaguchi 山口 Matsumoto 松本 Ikeda 池田 Hashimoto 桥本
  Ishikawa 石川 Fujita 藤田 Okada 冈田 Goto 后藤 Hasegawa 长谷川 Murakami 村上 Kondo 近藤
  Ishii 石井 Sakamoto 坂本 Aoki 青木 Fujii 藤井 Nishimura 西村 Fukuda 福田 Miura 三浦
  Okamoto 冈本 Matsuda 松田 Nakagawa 中川 Nakano 中野 Harada 原田 Ono 小野 Tamura 田村
  Kaneko 金子 Nakayama 中山 Ishida 石田 Shibata 柴田 Sakai 酒井 Yokoyama 横山 Miyazaki 宫崎
  Miyamoto 宫本 Uchida 内田 Takagi 高木 Ando 安藤 Maruyama 丸山 Imai 今井 Takeda 武田
  Sugiyama 杉山 Hirano 平野 Matsui 松井 Yoshida 吉田 Yamashita 山下 Takai 高井 Sekine 关根
  Oh 吴
`);

const KOREAN_SURNAMES = table(`
  Kim 金 Lee 李 Yi 李 Park 朴 Pak 朴 Son 孙 Hwang 黄 Jung 郑 Jeong 郑 Chung 郑 Cho 赵 Jo 赵
  Choi 崔 Kang 姜 Yoon 尹 Oh 吴 Han 韩 Seol 薛 Bae 裴 Paik 白 Baek 白 Yang 杨 Hong 洪 Jang 张
  Lim 林 Shin 申 Kwon 权 Song 宋 Ahn 安 Ko 高 Moon 文 Yoo 柳 Um 严 Eom 严 Na 罗
`);

/** Korean full names (surname first, as the rosters write them) with their usual hanja. */
const KOREAN_FULL = table(`
  Kim_Min-Jae 金玟哉 Hwang_Hee-Chan 黄喜灿 Lee_Jae-Sung 李在城 Jeong_Woo-Yeong 郑优营
  Lee_Kang-In 李刚仁 Hwang_In-Beom 黄仁范 Paik_Seung-Ho 白昇浩 Son_Heung-Min 孙兴慜
  Cho_Gue-Sung 曹圭成 Oh_Hyeon-Gyu 吴贤揆 Seol_Young-Woo 薛英佑
`);

export const japanese: Language = { ...plain, words: JAPANESE_SURNAMES };

/** A Korean name written surname first (Kim Min-Jae), or null when it is not one. */
export function koreanName(words: string[]): string | null {
  if (words.length !== 2) return null;
  const full = KOREAN_FULL[`${words[0]}_${words[1]}`.toLowerCase()];
  if (full) return full;
  const surname = KOREAN_SURNAMES[words[0].toLowerCase()];
  if (!surname || !words[1].includes('-')) return null;
  return (
    surname +
    words[1]
      .split('-')
      .map((w) => plain.read(w.toLowerCase()))
      .map((t) => spell(t, plain))
      .join('')
  );
}
