/**
 * The characters the click-word captcha draws: common, distinct-looking simplified Chinese
 * (many from football and basketball). The bundled font (font/captcha-sans-bold.otf) is a subset
 * holding exactly these; change both together (see font/README.md).
 */
export const CAPTCHA_CHARS: readonly string[] = Array.from(
  '球友圈足篮比赛场门将射进攻守传控冠军联杯胜负平局分钟时间开始结束主客队员教练裁判观众体育运动健身跑跳投板抢断助盖帽罚点角' +
    '旗越位红黄牌换替补首发阵容战术配合技巧速度力量耐心勇气团拼搏荣誉梦想希望成功快乐朋家园城市国世界天空海洋山河森林花草树木' +
    '风雨雪云阳光春夏秋冬早晚夜星月辰火车飞机轮船汽道路桥梁广公学校医院商店银行书画音电影新闻报纸杂志网络手脑灯声颜色图片文字' +
    '语言思知识经验历史化艺科业农交通安全康美丽温暖清明亮静热闹欢迎谢再见同老师父母兄弟姐妹孩子青年少英雄王者领袖精神品质信念' +
    '责任目标计划方法规则秩序自由和展步未来现在过去记忆故事说奇迹宝藏钻石金白珍珠礼物包贵族直播频节推荐专析预测数据资料排名积' +
    '程赔率盘让独赢半加绝杀逆转卫冕升级降会签约俱部馆坪终起冲刺先落后追赶超突破防线中锋前边禁区弧顶秒筐架地鞋袜衣服围巾',
);
