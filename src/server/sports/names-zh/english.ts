import { makeReader, type Language } from './reader.ts';

/** "Smith 史密斯 Jones 琼斯 …" → a table keyed by the lower-case spelling. */
export const table = (pairs: string) => {
  const words = pairs.trim().split(/\s+/);
  const out: Record<string, string> = {};
  for (let i = 0; i < words.length; i += 2) out[words[i].toLowerCase()] = words[i + 1];
  return out;
};

// English spelling is irregular: the common surnames and given names are written as the site's
// editors (and Xinhua's tables) write them; the rules below only cover what these miss.
const SURNAMES = table(`
  Smith 史密斯 Johnson 约翰逊 Williams 威廉斯 Brown 布朗 Jones 琼斯 Miller 米勒 Davis 戴维斯
  Davies 戴维斯 Wilson 威尔逊 Anderson 安德森 Taylor 泰勒 Thomas 托马斯 Moore 穆尔 Jackson 杰克逊
  Martin 马丁 Lee 李 Thompson 汤普森 White 怀特 Harris 哈里斯 Clark 克拉克 Clarke 克拉克 Lewis 刘易斯
  Robinson 罗宾逊 Walker 沃克 Young 杨 Allen 艾伦 King 金 Wright 赖特 Scott 斯科特 Green 格林
  Baker 贝克 Adams 亚当斯 Nelson 纳尔逊 Hill 希尔 Campbell 坎贝尔 Mitchell 米切尔 Roberts 罗伯茨
  Carter 卡特 Phillips 菲利普斯 Evans 埃文斯 Turner 特纳 Parker 帕克 Collins 柯林斯
  Edwards 爱德华兹 Stewart 斯图尔特 Morris 莫里斯 Murphy 墨菲 Cook 库克 Rogers 罗杰斯
  Morgan 摩根 Cooper 库珀 Peterson 彼得森 Reed 里德 Reid 里德 Bailey 贝利 Bell 贝尔 Kelly 凯利
  Howard 霍华德 Ward 沃德 Cox 考克斯 Richardson 理查森 Wood 伍德 Watson 沃森 Brooks 布鲁克斯
  Bennett 贝内特 Gray 格雷 Grey 格雷 James 詹姆斯 Hughes 休斯 Price 普赖斯 Sanders 桑德斯
  Myers 迈尔斯 Long 朗 Ross 罗斯 Foster 福斯特 Powell 鲍威尔 Jenkins 詹金斯 Perry 佩里
  Russell 拉塞尔 Sullivan 沙利文 Butler 巴特勒 Barnes 巴恩斯 Fisher 费希尔 Henderson 亨德森
  Coleman 科尔曼 Simmons 西蒙斯 Patterson 帕特森 Jordan 乔丹 Reynolds 雷诺兹 Hamilton 汉密尔顿
  Graham 格雷厄姆 Wallace 华莱士 West 韦斯特 Cole 科尔 Hayes 海斯 Gibson 吉布森 Ellis 埃利斯
  Stevens 史蒂文斯 Murray 穆雷 Ford 福特 Marshall 马歇尔 Owens 欧文斯 Harrison 哈里森
  Kennedy 肯尼迪 Wells 韦尔斯 Holmes 霍姆斯 Palmer 帕尔默 Warren 沃伦 Black 布莱克 Stone 斯通
  Knight 奈特 Hunt 亨特 Hunter 亨特 Porter 波特 Mason 梅森 Watkins 沃特金斯 Mills 米尔斯
  Webb 韦布 Burke 伯克 Walsh 沃尔什 Kane 凯恩 Rice 赖斯 Walton 沃尔顿 Grant 格兰特 Hart 哈特
  Harvey 哈维 Shaw 肖 Matthews 马修斯 Lowe 洛 Dawson 道森 Gordon 戈登 Oliver 奥利弗 Fox 福克斯
  Bridges 布里奇斯 Holiday 霍勒迪 Curry 库里 Durant 杜兰特 George 乔治 Irving 欧文 Booker 布克
  Tatum 塔图姆 Brunson 布伦森 Randle 兰德尔 Harden 哈登 Beal 比尔 Lillard 利拉德 Towns 唐斯
  Middleton 米德尔顿 Lopez 洛佩斯 Portis 波蒂斯 Conley 康利 Love 乐福 Rose 罗斯 Wiggins 威金斯
  Looney 卢尼 Poole 普尔 Kuminga 库明加 Hield 希尔德 Payton 佩顿 Holmgren 霍姆格伦
  Banchero 班凯罗 Suggs 萨格斯 Anthony 安东尼 Barrett 巴雷特 Quickley 奎克利 Siakam 西亚卡姆
  Mobley 莫布里 Garland 加兰 Strus 斯特鲁斯 Herro 希罗 Adebayo 阿德巴约 Rozier 罗齐尔
  Embiid 恩比德 Maxey 马克西 Oubre 乌布雷 Okoro 奥科罗 Okongwu 奥孔古 Daniels 丹尼尔斯
  Kuzma 库兹马 Lowry 洛瑞 Ingram 英格拉姆 Jerome 杰罗姆 Christie 克里斯蒂 Ferguson 弗格森
  Tierney 蒂尔尼 Sharpe 夏普 Ryan 瑞安 Rowe 罗 Richards 理查兹 Fletcher 弗莱彻 Bryant 布莱恩特
  Washington 华盛顿 Wade 韦德 Tyson 泰森 Terry 特里 Spencer 斯潘塞 Spence 斯彭斯 Small 斯莫尔
  Robertson 罗伯逊 Ramsey 拉姆塞 Mee 米 McKenna 麦肯纳 McTominay 麦克托米奈 Marsh 马什
  Mann 曼 Hall 霍尔 Hickey 希基 Grant 格兰特 Gardner 加德纳 Freeman 弗里曼 Dunn 邓恩
  Doyle 多伊尔 Curtis 柯蒂斯 Casey 凯西 Carson 卡森 Buchanan 布坎南 Bradley 布拉德利
  Benjamin 本杰明 Bates 贝茨 Abbott 阿博特 Aaronson 阿伦森 Douglas 道格拉斯 Duncan 邓肯
  Hudson 哈德森 Jenkinson 詹金森 Johnstone 约翰斯通 Johnston 约翰斯顿 Lawrence 劳伦斯
  Lawson 劳森 Livingston 利文斯顿 Lynch 林奇 Maguire 马奎尔 Matthew 马修 McGregor 麦格雷戈
  McKenzie 麦肯齐 McLean 麦克莱恩 Morrison 莫里森 Nolan 诺兰 O'Neill 奥尼尔 O'Reilly 奥赖利
  O'Brien 奥布赖恩 O'Shea 奥谢 Pickford 皮克福德 Ramsdale 拉姆斯代尔 Riley 赖利 Ritchie 里奇
  Shea 谢伊 Simpson 辛普森 Sinclair 辛克莱 Stephenson 斯蒂芬森 Townsend 汤森 Trippier 特里皮尔
  Walters 沃尔特斯 Warner 沃纳 Webster 韦伯斯特 Whitaker 惠特克 Willock 威洛克 Wolf 沃尔夫
  Mings 明斯 Maddison 麦迪逊 Grealish 格里利什 Sterling 斯特林 Chilwell 奇尔韦尔 Shaw 肖
  Stones 斯通斯 Walker-Peters 沃克-彼得斯 Gallagher 加拉格尔 Mount 芒特 Bowen 鲍文
  Wilshere 威尔希尔 Toney 托尼 Bellingham 贝林厄姆 Henry 亨利 Samuel 塞缪尔 David 戴维
  Peter 彼得 John 约翰 Joe 乔 Simons 西蒙斯 Sexton 塞克斯顿 Smart 斯马特 Nance 南斯
  Morant 莫兰特 Westbrook 威斯布鲁克 Leonard 伦纳德 Antetokounmpo 阿德托昆博 Paul 保罗
  Gobert 戈贝尔 Wembanyama 文班亚马 Giddey 吉迪 Zubac 祖巴茨 Haliburton 哈利伯顿
  Nembhard 内姆哈德 Turner 特纳 Mathurin 马瑟林 Brogdon 布罗格登 McCollum 麦科勒姆
  VanVleet 范弗利特 Sengun 申京 Thybulle 泰布尔 Vassell 瓦塞尔 Sochan 索汉 Keegan 基根
  Arnold 阿诺德 Reaves 里夫斯 Hachimura 八村 Vincent 文森特 Russell 拉塞尔 Kispert 基斯珀特
`);

const GIVEN = table(`
  James 詹姆斯 John 约翰 Robert 罗伯特 Michael 迈克尔 William 威廉 David 戴维 Richard 理查德
  Joseph 约瑟夫 Thomas 托马斯 Charles 查尔斯 Christopher 克里斯托弗 Daniel 丹尼尔 Matthew 马修
  Anthony 安东尼 Mark 马克 Donald 唐纳德 Steven 史蒂文 Paul 保罗 Andrew 安德鲁 Joshua 约书亚
  Kenneth 肯尼思 Kevin 凯文 Brian 布赖恩 George 乔治 Timothy 蒂莫西 Ronald 罗纳德 Edward 爱德华
  Jason 贾森 Jeffrey 杰弗里 Ryan 瑞安 Jacob 雅各布 Gary 加里 Nicholas 尼古拉斯 Eric 埃里克
  Jonathan 乔纳森 Stephen 斯蒂芬 Larry 拉里 Justin 贾斯廷 Scott 斯科特 Brandon 布兰登
  Benjamin 本杰明 Samuel 塞缪尔 Gregory 格雷戈里 Alexander 亚历山大 Patrick 帕特里克 Frank 弗兰克
  Raymond 雷蒙德 Jack 杰克 Dennis 丹尼斯 Jerry 杰里 Tyler 泰勒 Aaron 亚伦 Adam 亚当 Nathan 内森
  Henry 亨利 Zachary 扎卡里 Douglas 道格拉斯 Peter 彼得 Kyle 凯尔 Noah 诺阿 Ethan 伊桑
  Jeremy 杰里米 Walter 沃尔特 Christian 克里斯蒂安 Keith 基思 Roger 罗杰 Terry 特里 Austin 奥斯汀
  Sean 肖恩 Gerald 杰拉尔德 Carl 卡尔 Dylan 迪伦 Arthur 阿瑟 Lawrence 劳伦斯 Jordan 乔丹
  Jesse 杰西 Bryan 布赖恩 Billy 比利 Bruce 布鲁斯 Gabriel 加布里埃尔 Joe 乔 Logan 洛根 Alan 艾伦
  Albert 艾伯特 Willie 威利 Elijah 伊莱贾 Wayne 韦恩 Randy 兰迪 Vincent 文森特 Mason 梅森 Roy 罗伊
  Bobby 博比 Russell 拉塞尔 Bradley 布拉德利 Philip 菲利普 Eugene 尤金 Harry 哈里 Marcus 马库斯
  Jalen 杰伦 Jaylen 杰伦 Jayson 杰森 Tyrese 泰瑞斯 Trae 特雷 Devin 德文 Donovan 多诺万 Joel 乔尔
  LeBron 勒布朗 Kyrie 凯里 Damian 达米安 Zion 锡安 Ja 贾 Bam 巴姆 Jimmy 吉米 Jrue 朱 Klay 克莱
  Draymond 德雷蒙德 Chris 克里斯 Scottie 斯科蒂 Paolo 保罗 Cade 凯德 Evan 埃文 Franz 弗朗茨
  Victor 维克托 Desmond 德斯蒙德 Jamal 贾马尔 Jarrett 贾勒特 Darius 达柳斯 Josh 乔希 Jaden 杰登
  Jaren 贾伦 Derrick 德里克 Kelly 凯利 Keegan 基根 Malik 马利克 Cameron 卡梅伦 Cam 卡姆
  Miles 迈尔斯 Mikal 米卡尔 Dillon 狄龙 Tobias 托拜厄斯 Isaiah 以赛亚 Julius 朱利叶斯
  Brook 布鲁克 Norman 诺曼 Max 马克斯 Tre 特雷 Trey 特雷 Kris 克里斯 Moses 摩西 Andre 安德烈
  Caleb 凯勒布 Jabari 贾巴里 Shai 谢伊 Chet 切特 Walker 沃克 Jared 贾里德 Dyson 戴森
  Nickeil 尼基尔 Collin 科林 Clint 克林特 Herbert 赫伯特 Coby 科比 Kobe 科比 Zach 扎克
  Lonzo 朗佐 Jake 杰克 Luke 卢克 Ben 本 Sam 萨姆 Tom 汤姆 Tim 蒂姆 Dan 丹 Jon 乔恩 Rob 罗布
  Bill 比尔 Will 威尔 Tony 托尼 Nick 尼克 Mike 迈克 Jamie 杰米 Danny 丹尼 Harvey 哈维
  Reece 里斯 Rhys 里斯 Callum 卡勒姆 Conor 康纳 Connor 康纳 Declan 德克兰 Jude 裘德
  Ollie 奥利 Oliver 奥利弗 Kieran 基兰 Lewis 刘易斯 Curtis 柯蒂斯 Trent 特伦特 Jarrod 贾罗德
  Jarrad 贾罗德 Kalvin 卡尔文 Calvin 卡尔文 Kai 凯 Morgan 摩根 Archie 阿奇 Charlie 查理
  Alfie 阿尔菲 Freddie 弗雷迪 Levi 利瓦伊 Elliot 埃利奥特 Elliott 埃利奥特 Ian 伊恩 Ross 罗斯
  Andy 安迪 Owen 欧文 Dominic 多米尼克 Eddie 埃迪 Dean 迪恩 Tyrell 泰雷尔 Tyrone 泰隆
  Tyson 泰森 Nathaniel 纳撒尼尔 Ashley 阿什利 Harrison 哈里森 Cole 科尔 Finn 芬恩 Liam 利亚姆
  Troy 特洛伊 Lloyd 劳埃德 Louis 路易斯 Leo 利奥 Lucas 卢卡斯 Luca 卢卡 Taylor 泰勒 Jay 杰伊
  Kenny 肯尼 Jimmie 吉米 Johnny 约翰尼 Ricky 里基 Alex 亚历克斯 Stefan 斯特凡 Jaylin 杰林
  Keyonte 基扬特 Kevon 凯文 Quentin 昆廷 Terrence 特伦斯 Terance 特伦斯 Jordi 若尔迪
  Marvin 马文 Myles 迈尔斯 Micah 米卡 Jamison 贾米森 Jericho 杰里科 Isaac 艾萨克 Jonas 约纳斯
  Tari 塔里 Bennedict 本尼迪克特 Brandin 布兰丁 Colby 科尔比 Jabez 贾贝兹 Deandre 德安德烈
  DeAndre 德安德烈 Dorian 多里安 Duncan 邓肯 Ayo 阿约 Amen 阿门 Ausar 奥萨尔 Anfernee 安芬尼
  Tristan 特里斯坦 Kelel 凯莱尔 Aaron 亚伦 Craig 克雷格 Neil 尼尔 Kieffer 基弗 Conner 康纳
  Jarred 贾里德 Brandon 布兰登 Keldon 凯尔登 Jeremiah 杰里迈亚 Josiah 乔赛亚 Kenyon 凯尼恩
`);

/** English (the UK, Ireland, North America, Oceania, anglophone Africa; NBA rosters). */
export const english: Language = {
  rBeforeConsonant: false,
  words: { ...GIVEN, ...SURNAMES },
  read: makeReader([
    ['^mc', '=麦克 |'],
    ['son$', '=森'],
    ['sen$', '=森'],
    ['ton$', '=顿'],
    ['(?<=[^aeiou])den$', '=登'],
    ['ley$|ly$|leigh$', '=利'],
    ['ford$', '=福德'],
    ['field$', '=菲尔德'],
    ['wood$', '=伍德'],
    ['worth$', '=沃思'],
    ['well$', '=韦尔'],
    ['land$', '=兰'],
    ['ham$', '=姆'],
    ['(?<=[^aeiou])le$', '=尔'],
    ['(?<=[^aeiou])er$|(?<=[^aeiou])or$|(?<=[^aeiou])ar$', 'ə'],
    ['(?<=[^aeiou])ers$', 'ə s'],
    ['a(?=[bcdfgklmnpstvz]es?$)', 'ei'],
    ['i(?=[bcdfgklmnpstvz]es?$)', 'ai'],
    ['o(?=[bcdfgklmnpstvz]es?$)', 'o'],
    ['u(?=[bcdfgklmnpstvz]es?$)', 'u'],
    ['y(?=[bcdfgklmnpstvz]es?$)', 'ai'],
    ['(?<=[^aeiou])es$', 's'],
    ['(?<=[^aeiou])e$', ''],
    ['ck', 'k'],
    ['ng(?![aeiouy])', 'ng'],
    ['ght', 't'],
    ['gh', ''],
    ['ph', 'f'],
    ['th', 's'],
    ['tch', 'ch'],
    ['sh', 'sh'],
    ['ch', 'ch'],
    ['qu', 'kw'],
    ['wh', 'w'],
    ['^kn', 'n'],
    ['^wr', 'r'],
    ['c(?=[eiy])', 's'],
    ['g(?=[eiy])', 'j'],
    ['j', 'j'],
    ['ee|ea|ie', 'i'],
    ['oo', 'u'],
    ['ou|ow', 'ao'],
    ['ai|ay', 'ei'],
    ['oa', 'o'],
    ['au|aw', 'o'],
    ['oy|oi', 'o i'],
    ['ey', 'ei'],
    ['all', 'o l'],
    ['[ue]r(?=[^aeiouy])|ir(?=[^aeiouy])', 'ə'],
    ['u(?=n[^aeiouy]|n$)', 'e'],
    ['u(?=[bcdfgkmpstvz]{2}|[bcdfgkmpstvz]$)', 'a'],
    ['(?<=[^aeiou])en$', 'e n'],
    ['x', 'k s'],
  ]),
};
