"""Line breaking that suits Chinese and English alike, never inside a code span.

rich breaks lines at spaces only. Chinese has no spaces between words, so a
Chinese sentence with a little code in it (`X @ W_Q.T`) breaks only where that
code has spaces: lines end early and code is split. Here a line may break
between any two Chinese characters or at a space, but never inside a word of
ASCII letters and digits or inside a `code span`; closing punctuation (，。：)
never starts a line and opening punctuation never ends one (the usual kinsoku
rules). A run of Chinese characters is cut into words first (the kit's own terms, longest
first: 掩码, 注意力, 批量维度, 每次...), and a line never breaks inside one; nor inside a
short bracketed tuple such as ``(Q, K, V)``. ``Paragraph`` is a rich renderable that wraps at the width it is given, so
it fits a panel as well as a plain terminal.
"""
from __future__ import annotations

import re

from rich.cells import cell_len
from rich.text import Text

CLOSING = set("，。、；：！？）」』】》”’,.;:!?)]}%")
OPENING = set("（「『【《“‘([{")
_TOKEN = re.compile(r"`[^`\n]*`|\([^()\n\u2e80-\u9fff\uff00-\uffef]{0,30},"
                    r"[^()\n\u2e80-\u9fff\uff00-\uffef]{0,30}\)|[ \t]+|[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]"
                    r"|[^\s`\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]+|`")


# The words of the kit's Chinese texts that a line must not split (a segmenter's
# dictionary in small: the terms of the lesson and the words the messages use most).
TERMS = frozenset("""
练习 掩码 权重 分数 文件 没有 不是 每个 每次 每行 每一 每一行 位置 维度 张量 注意力 输入 输出
答案 参考答案 结果 批量 批量维度 前置批量维度 返回 而不是 运行 查询 通过 除以 缓存 需要 用例
无法 文件夹 使用 梯度 这个 句子 模型 最大 最大值 代码 因果 因果掩码 显示 提示 形状 两个 禁止
提交 一步 得到 检查 调用 自己 一行 设备 保持 保持不变 全部 默认 课文 前置 就是 评分 直接 矩阵
看到 请用 最后 最后一个 进程 工作进程 恰好 词元 下一个 训练 工作 可以 不变 缩放 编码器 解码器
大小 任何 给出 写入 创建 一致 允许 长度 相同 报告 或者 必须 平均 字符 所以 之前 随机 原始 都是
保留 编码 错误 一次 抛出 所有 元组 正确 之后 计算 它们 表示 前面 不同 安装 损失 数值 什么 点积
同时 来自 关注 套件 本套件 已经 桩代码 例如 构造 普通 改动 完全 应该 参数 等于 求和 对角线 顺序
投影 序列 对应 只有 保存 向量 转置 有限 广播 检索 未来 改变 不会 屏蔽 拼接 批次 过去 自动 之外
多头 单个 头的 宽度 乘积 softmax 整除 取整 溢出 补集 约定 维数 名字 末尾 内存 排列 特征 拼接
填充 输入的 原地 修改 键和值 上三角 下三角 因为 如果 然后 但是 还是 只是 正好 分别 其中 一起
传回 传回去 批量轴 批量大小
""".split())
_MAX_TERM = max(len(w) for w in TERMS)
_CJK = re.compile(r"[\u2e80-\u9fff\uf900-\ufaff]")


def _words(line: str, pieces: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The pieces with each run of single Chinese characters cut into the kit's words
    (longest match first; a character that starts no word stands alone)."""
    out: list[tuple[int, int]] = []
    i = 0
    while i < len(pieces):
        s, e = pieces[i]
        if e - s != 1 or not _CJK.match(line[s]):
            out.append((s, e))
            i += 1
            continue
        j = i  # the run of single CJK characters from piece i
        while j < len(pieces) and pieces[j][1] - pieces[j][0] == 1 and \
                _CJK.match(line[pieces[j][0]]) and (j == i or pieces[j][0] == pieces[j - 1][1]):
            j += 1
        run_start, run_end = s, pieces[j - 1][1]
        k = run_start
        while k < run_end:
            size = next((n for n in range(min(_MAX_TERM, run_end - k), 1, -1)
                         if line[k:k + n] in TERMS), 1)
            out.append((k, k + size))
            k += size
        i = j
    return out


def _tokens(line: str) -> list[tuple[int, int]]:
    """(start, end) of the unbreakable pieces of one line (spaces are pieces too)."""
    pieces = _words(line, [(m.start(), m.end()) for m in _TOKEN.finditer(line)])
    merged: list[list[int]] = []
    for start, end in pieces:
        text = line[start:end]
        glue_back = merged and (text[0] in CLOSING) and not line[merged[-1][0]].isspace()
        glue_forward = merged and line[merged[-1][1] - 1] in OPENING and not text.isspace()
        if glue_back or glue_forward:
            merged[-1][1] = end
        else:
            merged.append([start, end])
    return [(s, e) for s, e in merged]


def breaks(text: str, width: int) -> list[tuple[int, int]]:
    """(start, end) offsets into ``text`` of each wrapped line, spaces at breaks left out
    (the spaces a line of ``text`` starts with are kept: they align a tensor's rows)."""
    width = max(width, 8)
    lines: list[tuple[int, int]] = []
    offset = 0
    for raw in text.split("\n"):
        start = end = None
        used = 0
        for s, e in _tokens(raw):
            piece = raw[s:e]
            w = cell_len(piece)
            if piece.isspace():
                if start is not None:
                    used += w
                elif s == 0:  # a line's own indentation (a tensor's rows) is kept
                    start, end, used = s, e, w
                continue
            if start is not None and used + w > width:
                if not raw[start:end].isspace():  # (an indentation alone is no line)
                    lines.append((offset + start, offset + end))
                start = None
            if start is None:
                start, used = s, 0
                while w > width:  # a piece wider than a line: fold it by characters
                    cut = s
                    while cut < e and cell_len(raw[s:cut + 1]) <= width:
                        cut += 1
                    lines.append((offset + s, offset + cut))
                    s = start = cut
                    piece = raw[s:e]
                    w = cell_len(piece)
            used = cell_len(raw[start:s]) + w if s != start else w
            end = e
        lines.append((offset + start, offset + end) if start is not None else (offset, offset))
        offset += len(raw) + 1
    return lines


def wrap(text: str, width: int) -> list[str]:
    return [text[s:e] for s, e in breaks(text, width)]


class Paragraph:
    """A paragraph (a rich ``Text``, styles kept) wrapped by these rules at render time."""

    def __init__(self, text: Text | str, indent: int = 0):
        self.text = text if isinstance(text, Text) else Text(text)
        self.indent = indent

    def __rich_console__(self, console, options):
        plain = self.text.plain
        for start, end in breaks(plain, options.max_width - self.indent):
            line = self.text[start:end]
            if self.indent:
                line = Text(" " * self.indent) + line
            line.no_wrap = True
            yield line

    def __rich_measure__(self, console, options):
        from rich.measure import Measurement

        longest = max((cell_len(w) for w in self.text.plain.split()), default=1)
        return Measurement(min(longest, options.max_width), options.max_width)
