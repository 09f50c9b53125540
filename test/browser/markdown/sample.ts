/**
 * A rich answer exercising every construct the splitter and the renderer
 * care about: Chinese and English prose, code fences with blank lines,
 * loose and tight lists, tables, math of all four kinds, both tip syntaxes,
 * images, links and raw HTML.
 */
export const RICH_SAMPLE = `# 数控编程入门 · CNC basics

数控（CNC）机床通过程序控制刀具运动。This answer mixes **中文** and *English*, ~~old~~ new text, and \`inline code\`.
第二行紧跟着第一行（breaks: true 时是换行）。

## 1. 坐标系

1. **机床坐标系**：由厂家设定。

   原点一般在各轴正向极限位置。

2. **工件坐标系**：由编程人员设定，
   常用 G54–G59 指令选择。

3. 相对坐标

- 紧凑列表项 A
- 紧凑列表项 B
  - 嵌套项 B.1
  - 嵌套项 B.2
- [x] 已完成的任务
- [ ] 未完成的任务

> [!TIP]
> 先空运行（dry run），再正式加工。
>
> 第二段提示。

> [!WARNING] 自定义标题
> 主轴未停稳前不要测量工件。

::: tip 安全须知
加工前检查：

\`\`\`gcode
G90 G54
M03 S1200

G00 X0 Y0
\`\`\`

:::

::: caution
进给速度过大会断刀。
:::

## 2. 公式

切削速度 $v_c = \\frac{\\pi D n}{1000}$，其中 $D$ 为刀具直径，价格是 $5 and $10（不是公式）。
行内括号写法 \\(a^2 + b^2 = c^2\\) 也支持。

$$
F = f_z \\times z \\times n

\\quad (\\text{进给速度})
$$

\\[
\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}
\\]

## 3. 代码

\`\`\`python
def feed_rate(fz, z, n):
    """进给速度 F = fz × z × n"""

    return fz * z * n


print(feed_rate(0.1, 4, 1200))
\`\`\`

~~~js
const html = '<b>not bold</b>'

console.log(html)
~~~

\`\`\`
no language here
\`\`\`

    indented code block

    still the same block

| 材料 Material | 切削速度 (m/min) | 备注 |
| :--- | :---: | ---: |
| 铝合金 Aluminium | 200–400 | 高速 |
| 45# 钢 Steel | 80–120 | 需冷却 |
| 不锈钢 Stainless | 60–90 | $v_c$ 低 |

![机床示意图 $x$](https://example.com/cnc.png "CNC")

参考 [国家标准](https://example.com/std) 与 <https://example.org>。

<details><summary>展开</summary>

隐藏的内容 **bold**

</details>

<!-- a comment

spanning blank lines -->

---

最后一段：Done. 完成！
`
