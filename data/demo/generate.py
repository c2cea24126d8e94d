#!/usr/bin/env python3
"""Deterministic generator for the demo corpus (data/demo/*.jsonl).

Python 3.11 stdlib only, fixed random seed: running it twice gives byte-identical files.
Record format: docs/import-format.md. Tag ids come from data/tags.json.

    python3 data/demo/generate.py
"""
from __future__ import annotations

import json
import random
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
TAGS_FILE = HERE.parent / "tags.json"
SEED = 20261121

rng = random.Random(SEED)

TAGS = json.loads(TAGS_FILE.read_text(encoding="utf-8"))
ALL_TAGS = [c["id"] for g in TAGS["groups"] for c in g["children"]]
PAPER_TAGS = {c["id"] for g in TAGS["groups"] for c in g["children"] if "paper" in c["model"]}
PROJECT_TAGS = {c["id"] for g in TAGS["groups"] for c in g["children"] if "project" in c["model"]}


# ---------------------------------------------------------------- helpers

def rel(minutes_ago: int) -> str:
    """Relative past date: -40m, -5h, -2d6h, -3d (minutes only under one hour)."""
    minutes_ago = max(1, int(minutes_ago))
    if minutes_ago < 60:
        return f"-{minutes_ago}m"
    hours = minutes_ago // 60
    d, h = divmod(hours, 24)
    if d == 0:
        return f"-{h}h"
    return f"-{d}d{h}h" if h else f"-{d}d"


def rel_signed(minutes: int) -> str:
    """Signed offset in whole hours: negative = past, positive = future (+3d, +10d4h, -1h)."""
    sign = "+" if minutes > 0 else "-"
    hours = abs(int(minutes)) // 60
    d, h = divmod(hours, 24)
    if d == 0:
        return f"{sign}{max(h, 1)}h"
    return f"{sign}{d}d{h}h" if h else f"{sign}{d}d"


def skewed_offsets(n: int, last20h: int, last3d: int, last2w: int) -> list[int]:
    """Minutes-ago offsets, sorted oldest first, skewed to recent items."""
    out = []
    for _ in range(last20h):
        out.append(rng.randint(12, 19 * 60 + 30))
    for _ in range(last3d - last20h):
        out.append(rng.randint(20 * 60 + 30, 3 * 24 * 60 - 60))
    for _ in range(last2w - last3d):
        out.append(rng.randint(3 * 24 * 60 + 60, 14 * 24 * 60 - 60))
    for _ in range(n - last2w):
        # triangular: more items closer to two weeks than to three months
        days = rng.triangular(14.2, 89.5, 20)
        out.append(int(days * 24 * 60))
    out.sort(reverse=True)
    return out


def cap_tags(tags: list[str], k: int) -> list[str]:
    seen = []
    for t in tags:
        if t not in seen:
            seen.append(t)
    return seen[:k]


def demo_picture(kind: str, number: int, count: int) -> str:
    """A picture shipped with the project (data/demo/pictures.py draws them), served by the API under /media/demo/."""
    return f"/media/demo/{kind}-{(number - 1) % count + 1:02d}.webp"


def dump(name: str, rows: list[dict], header: str) -> None:
    with open(HERE / name, "w", encoding="utf-8") as f:
        f.write(f"# {header}\n")
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


# ---------------------------------------------------------------- users

CN_NAMES = [
    "张伟", "李娜", "王磊", "刘洋", "陈静", "杨帆", "赵敏", "黄昊", "周婷", "吴俊",
    "徐晨", "孙悦", "马骁", "朱琳", "胡斌", "郭佳", "林子涵", "何雨桐", "高远", "罗一鸣",
    "梁思成", "宋佳怡", "郑浩然", "谢雨欣", "韩冰", "唐诗雨", "冯子轩", "董明哲", "程可欣", "曹博文",
]
EN_NAMES = [
    "Alex Chen", "Kevin Zhang", "Emily Wang", "Jason Liu", "Grace Lin", "Michael Zhou",
    "Sophia Huang", "Daniel Wu", "Iris Xu", "Leo Sun",
]
HANDLES = [
    "tensor_cat", "炼丹师小王", "梯度下降的猫", "attention_is_all", "小明同学", "prompt_hacker",
    "CUDA老司机", "吃瓜算法工程师", "rlhf_fan", "多模态小白", "agent_builder", "Transformer爱好者",
    "lora_tuner", "深夜调参人", "kv_cache",
]
REGIONS = ["北京", "上海", "深圳", "杭州", "广州", "成都", "南京", "武汉", "西安", "苏州", "香港", "新加坡", "硅谷"]
EXPERT_ARXIV = [
    "Wei Zhang", "Na Li", "Lei Wang", "Yang Liu", "Jing Chen", "Fan Yang", "Min Zhao", "Hao Huang",
    "Ting Zhou", "Jun Wu", "Alex Chen", "Grace Lin",
]
ACTIVITIES = [
    "NeurIPS 2026 中文论文预讲会 讲者", "RAG 实战工作坊 导师", "大模型技术开放日 圆桌嘉宾",
    "具身智能前沿论坛 主持人", "AI 安全与对齐研讨会 讲者", "开源模型 Hackathon 评委",
    "多模态大模型 Meetup 分享嘉宾", "ICLR 2027 投稿经验分享 讲者", "机器人学习读书会 组织者",
    "CUDA 性能优化训练营 讲师",
]


def make_users() -> list[dict]:
    names = CN_NAMES + EN_NAMES + HANDLES + ["Yifan Li", "Ruoxi Song"]
    users = []
    experts = {3: "Lei Wang", 5: "Jing Chen", 7: "Min Zhao", 11: "Chen Xu", 14: "Lin Zhu", 18: "Yutong He",
               23: "Haoran Zheng", 31: "Alex Chen", 33: "Emily Wang", 41: "Tianyu Gao"}
    for i, name in enumerate(names, start=1):
        u: dict = {"type": "user", "id": i, "name": name}
        if rng.random() < 0.85 or i in experts:
            u["avatar_url"] = demo_picture("avatar", i, 12)
        if rng.random() < 0.8 or i in (1, 2):
            slug = f"user{i:02d}"
            u["email"] = f"{slug}@{rng.choice(['example.com', 'aihub.example', 'mail.example.cn'])}"
        if rng.random() < 0.4:
            u["phone"] = f"1{rng.choice('3578')}{rng.randint(0, 9)}****{rng.randint(1000, 9999)}"
        if rng.random() < 0.7:
            u["region"] = rng.choice(REGIONS)
        u["score"] = int(min(20000, rng.paretovariate(1.1) * 300)) if rng.random() > 0.08 else 0
        if i in experts:
            u["arxiv_name"] = experts[i]
            u["activity_sheet"] = rng.sample(ACTIVITIES, rng.randint(1, 3))
            u["score"] = rng.randint(6000, 20000)
        if i in (1, 2):
            u["role"] = "editor"
        u["created_at"] = rel(rng.randint(120, 700) * 24 * 60)
        users.append(u)
    # one user who registered an arxiv_name but has no activities yet: not an expert
    users[45]["arxiv_name"] = "Kai Li"
    users[45]["activity_sheet"] = []
    return users


# ---------------------------------------------------------------- stories

# (name, tags, facts, bullets, code)
SUBJECTS = [
    ("LoRA 微调", ["llm", "open_models", "inference_opt"],
     ["LoRA 在冻结的权重旁注入低秩矩阵，只训练不到 1% 的参数就能适配下游任务。",
      "rank 的选择直接影响效果与显存占用，常见取值在 8 到 64 之间。",
      "QLoRA 在 4-bit 量化基座上做 LoRA，让一张 24G 显卡也能微调 7B 级别的模型。",
      "合并 adapter 后推理没有额外开销，但多 adapter 热切换需要推理框架专门支持。"],
     ["学习率通常比全参微调高一个数量级", "target_modules 至少覆盖 q_proj 和 v_proj", "数据质量远比数据量重要"],
     "LoraConfig(r=16, lora_alpha=32, target_modules=['q_proj', 'v_proj'])"),
    ("RAG 检索增强生成", ["rag", "llm", "nlp"],
     ["RAG 把检索到的外部文档拼进上下文，让模型基于最新、可溯源的知识回答问题。",
      "切块策略、Embedding 模型和重排序（Rerank）往往比换一个更大的生成模型更影响效果。",
      "很多线上问题其实出在检索阶段：召回不到，后面的生成再强也无济于事。",
      "评测上建议把检索命中率和答案忠实度分开统计，避免互相掩盖。"],
     ["chunk 大小在 300–800 token 之间多做实验", "混合检索：BM25 + 向量召回", "加入 Rerank 精排"],
     "retriever.search(query, top_k=20) |> reranker.rank(top_n=5)"),
    ("Transformer 架构", ["llm", "nlp", "ml_basics"],
     ["Transformer 以自注意力为核心，抛弃了循环结构，使得训练可以在序列维度上完全并行。",
      "位置编码从绝对位置演进到 RoPE、ALiBi 等相对方案，直接影响长度外推能力。",
      "Pre-LN、SwiGLU、GQA 等改动看似细小，却是现代大模型稳定训练的关键。",
      "注意力的二次复杂度仍是长序列场景的主要瓶颈，线性注意力和状态空间模型都在尝试替代。"],
     ["Multi-Head Attention 的本质是多个子空间的并行检索", "残差连接保证深层网络可训练", "FFN 占了大部分参数量"],
     "attn = softmax(Q @ K.T / sqrt(d)) @ V"),
    ("MoE 混合专家模型", ["llm", "open_models", "dl_frameworks"],
     ["MoE 通过门控网络让每个 token 只激活少数专家，在总参数量很大时仍保持较低的计算量。",
      "负载均衡损失和专家容量因子是训练 MoE 时最容易踩坑的两个超参。",
      "细粒度专家加共享专家的设计，已被多家开源模型验证有效。",
      "推理时专家并行带来大量 All-to-All 通信，对集群网络提出了更高要求。"],
     ["Top-2 路由仍是最常见的配置", "辅助损失系数过大会伤害效果", "专家并行需要配合高带宽互联"],
     "gate_logits = router(x); topk_idx = gate_logits.topk(2).indices"),
    ("RLHF 人类反馈强化学习", ["rl", "llm", "ai_safety"],
     ["RLHF 先用人类偏好数据训练奖励模型，再用 PPO 等算法优化策略模型。",
      "奖励模型的泛化能力决定了 RLHF 的上限，reward hacking 是最常见的失败模式。",
      "KL 惩罚项用来约束策略不要偏离 SFT 模型太远，系数需要仔细调节。",
      "工程上，RLHF 需要同时驻留策略、参考、奖励、价值四个模型，显存压力很大。"],
     ["偏好数据的标注一致性要先做质检", "监控 KL 散度和奖励曲线", "定期人工抽检生成样本"],
     "loss = -reward + beta * kl(policy_logp, ref_logp)"),
    ("DPO 偏好优化", ["rl", "llm"],
     ["DPO 把偏好学习直接写成分类损失，省去了显式的奖励模型和 PPO 采样过程。",
      "beta 参数控制对参考模型的偏离程度，过小容易过拟合偏好数据。",
      "在线 DPO、IPO、KTO 等变体分别针对分布偏移和数据形式做了改进。",
      "实际效果高度依赖偏好对的质量，chosen 与 rejected 差异过小时训练信号很弱。"],
     ["先做好 SFT 再做 DPO", "beta 常用 0.1 左右", "关注 chosen 与 rejected 的长度偏差"],
     "loss = -logsigmoid(beta * ((pi_c - ref_c) - (pi_r - ref_r)))"),
    ("Diffusion 图像生成", ["aigc", "generative", "cv"],
     ["Diffusion 模型通过学习逐步去噪，从纯噪声中生成高质量图像。",
      "从 U-Net 到 DiT，骨干网络的 Transformer 化让扩散模型也开始呈现 Scaling 规律。",
      "Classifier-free guidance 在提升提示词遵循度的同时，也会牺牲一定的多样性。",
      "蒸馏与一致性模型把采样步数从几十步压缩到 1–4 步，大幅降低了推理成本。"],
     ["采样器选择影响速度与质量", "CFG scale 并非越大越好", "ControlNet 适合做结构控制"],
     "image = pipe(prompt, num_inference_steps=30, guidance_scale=7.0).images[0]"),
    ("视频生成模型", ["aigc", "generative", "multimodal"],
     ["视频生成需要同时建模空间细节和时间一致性，计算量比图像生成高出一个数量级。",
      "时空联合的 Diffusion Transformer 是当前主流架构，3D VAE 负责压缩视频潜空间。",
      "物理规律违背、人物身份漂移是目前生成视频最常见的瑕疵。",
      "高质量、带精细描述的视频训练数据是各家拉开差距的关键。"],
     ["先生成关键帧再插帧是降本思路", "提示词要描述镜头运动", "长视频需要分段一致性控制"],
     "video = model.generate(prompt, num_frames=121, fps=24)"),
    ("Agent 工具调用", ["agent", "llm"],
     ["Agent 让大模型在「思考—调用工具—观察结果」的循环中完成多步任务。",
      "Function Calling 的稳定性很大程度上取决于工具描述写得是否清晰、参数是否有约束。",
      "规划能力不足时，Agent 常在无效的工具调用中反复打转，需要设置步数上限和回退策略。",
      "可观测性非常重要：每一步的输入、输出和耗时都应该被完整记录下来。"],
     ["工具数量多时先做工具检索", "对关键操作加人工确认", "用轨迹回放做回归测试"],
     "tools=[{'name': 'search', 'parameters': {'query': 'string'}}]"),
    ("多 Agent 协作", ["agent", "llm", "ai_coding"],
     ["多 Agent 系统把复杂任务拆给不同角色，例如规划者、执行者和审查者。",
      "角色之间的通信协议和共享记忆设计，决定了系统能否稳定收敛。",
      "Agent 数量增加并不必然带来效果提升，反而会放大 token 成本和错误传播。",
      "在软件开发、数据分析等结构化任务上，多 Agent 协作目前收益最明显。"],
     ["先用单 Agent 建立基线", "明确每个角色的输入输出格式", "设置全局的终止条件"],
     "crew = Crew(agents=[planner, coder, reviewer], process='sequential')"),
    ("代码大模型", ["ai_coding", "llm"],
     ["代码大模型在大规模代码语料上预训练，再通过指令微调学会补全、解释和重构代码。",
      "仓库级上下文检索让模型能理解跨文件的依赖，是补全准确率的关键。",
      "HumanEval 已接近饱和，SWE-bench 这类真实仓库任务更能反映实际能力。",
      "执行反馈（单测通过与否）是训练代码模型最有价值的强化学习信号。"],
     ["关注 FIM（中间填充）能力", "评测要防止数据泄漏", "结合静态分析做安全过滤"],
     "completion = model.infill(prefix, suffix, max_new_tokens=128)"),
    ("AI 编程助手", ["ai_coding", "agent"],
     ["AI 编程助手已从行级补全发展到能够自主修改多个文件的 Agent 模式。",
      "在熟悉的代码库里，它最擅长的是样板代码、单测和迁移类重复劳动。",
      "代码审查仍然不可省略，AI 生成的代码可能隐藏细微的边界条件错误。",
      "团队引入时最好配套规范：哪些目录允许自动修改、提交前必须跑哪些检查。"],
     ["让助手先写测试再写实现", "给出明确的约束和风格规范", "小步提交，便于回滚"],
     "git diff --stat  # 每次让 AI 改动后都先看一眼"),
    ("具身智能", ["embodied", "robotics"],
     ["具身智能强调智能体在物理世界中感知、决策与行动，而不仅仅是处理文本和图像。",
      "视觉-语言-动作（VLA）模型把大模型的常识能力迁移到机器人控制上。",
      "真实机器人数据稀缺且昂贵，仿真到真实（Sim2Real）的迁移仍是核心难题。",
      "遥操作采集、跨本体数据集和世界模型是当前扩充数据的三条主要路线。"],
     ["先在仿真中验证策略", "动作空间的表示方式影响泛化", "关注安全约束与失败恢复"],
     "action = policy(image, instruction='把红色方块放进盒子')"),
    ("人形机器人", ["embodied", "robotics", "industry"],
     ["人形机器人被视为通用具身智能的理想载体，因为人类环境本就是为人形设计的。",
      "全身运动控制通常结合强化学习训练的底层控制器与模型驱动的上层规划。",
      "灵巧手、关节电机和电池续航仍是硬件侧的主要瓶颈。",
      "从展台走进工厂，量产成本和可靠性比演示视频更能说明问题。"],
     ["关注执行器与减速器成本", "工厂场景优先于家庭场景", "数据闭环决定迭代速度"],
     "env = IsaacGymEnv('humanoid_walk'); policy = PPO(env).learn(1e9)"),
    ("端到端自动驾驶", ["autonomous_driving", "cv", "multimodal"],
     ["端到端自动驾驶用一个网络直接从传感器输入输出规划轨迹，减少了手写规则。",
      "BEV 感知和 Occupancy 网络为端到端方案提供了统一的空间表示。",
      "长尾场景的安全验证是端到端方案量产前必须回答的问题。",
      "引入视觉语言模型做场景理解，正在成为新的技术热点。"],
     ["闭环仿真评测比开环指标更可信", "数据挖掘聚焦长尾场景", "保留规则兜底作为安全冗余"],
     "traj = planner(bev_feat, nav_cmd).reshape(6, 2)"),
    ("语音大模型", ["speech", "llm", "multimodal"],
     ["语音大模型把语音直接作为输入输出模态，跳过了传统的 ASR→LLM→TTS 级联。",
      "端到端语音对话的首包延迟可以做到几百毫秒，交互体验接近真人。",
      "语音离散化 tokenizer 的质量决定了理解和生成的上限。",
      "情感、语气和打断处理是语音交互中最难评测也最影响体验的部分。"],
     ["关注流式推理延迟", "中文方言数据仍然稀缺", "注意声音克隆的合规风险"],
     "tokens = speech_tokenizer.encode(wav, sr=16000)"),
    ("TTS 语音合成", ["speech", "aigc", "generative"],
     ["新一代 TTS 基于语言模型或流匹配，几秒参考音频就能实现零样本音色克隆。",
      "韵律自然度和多音字处理是中文 TTS 的老问题，大模型方案改善明显。",
      "流式合成需要在延迟与音质之间做权衡。",
      "音色克隆带来的深度伪造风险，使水印和授权机制变得必要。"],
     ["参考音频要干净无混响", "长文本注意分句与停顿", "上线前做好声纹授权"],
     "audio = tts.synthesize('你好，欢迎来到 AI 社区', speaker='ref.wav')"),
    ("推荐系统中的大模型", ["recsys", "llm"],
     ["大模型进入推荐系统主要有两种方式：做特征与内容理解，或直接做生成式推荐。",
      "生成式推荐把物品编码成语义 ID，让模型像生成文本一样生成推荐序列。",
      "在线推理延迟和成本是大模型推荐落地的最大障碍，蒸馏到小模型是常见做法。",
      "冷启动和长尾物品是大模型带来增益最明显的场景。"],
     ["离线指标与线上 AB 要对齐", "语义 ID 的码本设计很关键", "注意曝光偏差"],
     "semantic_id = rq_vae.encode(item_embedding)  # e.g. (12, 203, 7)"),
    ("向量数据库", ["rag", "dl_frameworks"],
     ["向量数据库为 Embedding 提供高效的近似最近邻检索，是 RAG 系统的基础设施。",
      "HNSW、IVF-PQ 等索引在召回率、内存和构建时间之间各有取舍。",
      "标量过滤与向量检索的结合，是生产环境中最常见的需求之一。",
      "数据量不大时，PostgreSQL 加 pgvector 往往已经足够。"],
     ["先评估召回率再谈性能", "注意 Embedding 维度与成本", "做好增量更新与删除"],
     "SELECT id FROM docs ORDER BY embedding <=> $1 LIMIT 10;"),
    ("模型量化", ["inference_opt", "open_models"],
     ["量化把权重和激活从 FP16 压缩到 INT8、INT4 甚至更低，显著降低显存和带宽需求。",
      "GPTQ、AWQ 等仅权重量化方法在 4-bit 下几乎不损失效果。",
      "激活中的离群值是低比特量化的主要难点，SmoothQuant 通过缩放迁移了这一难度。",
      "FP8 训练与推理在新一代 GPU 上逐渐成为默认选项。"],
     ["先测困惑度再测下游任务", "校准数据要贴近业务分布", "关注 kernel 是否真正加速"],
     "model = AutoAWQForCausalLM.from_quantized('qwen-7b-awq', fuse_layers=True)"),
    ("vLLM 推理部署", ["inference_opt", "dl_frameworks", "llm"],
     ["vLLM 借助 PagedAttention 像操作系统管理内存页一样管理 KV Cache，大幅提升吞吐。",
      "连续批处理（Continuous Batching）让新请求无需等待整批结束即可加入。",
      "前缀缓存在多轮对话和 RAG 场景下能节省大量重复计算。",
      "张量并行与流水线并行的组合需要结合模型大小和显卡互联来选择。"],
     ["压测时同时看 TTFT 与 TPOT", "合理设置 max_num_seqs", "开启前缀缓存"],
     "vllm serve Qwen/Qwen2.5-7B-Instruct --tensor-parallel-size 2"),
    ("KV Cache 优化", ["inference_opt", "llm"],
     ["KV Cache 保存历史 token 的键值向量，避免自回归生成时的重复计算。",
      "长上下文下 KV Cache 的显存占用往往超过模型权重本身。",
      "GQA、MLA 等结构从模型设计层面压缩了 KV Cache。",
      "KV Cache 量化和驱逐策略是推理侧的常见优化手段。"],
     ["估算公式：2 × 层数 × 头数 × 维度 × 序列长度", "关注 Cache 命中率", "驱逐策略要防止关键信息丢失"],
     "kv_bytes = 2 * n_layers * n_kv_heads * head_dim * seq_len * 2"),
    ("投机解码", ["inference_opt", "llm"],
     ["投机解码用小模型先草拟多个 token，再由大模型一次性并行验证。",
      "接受率决定了加速比，草稿模型与目标模型的分布越接近越好。",
      "Medusa、EAGLE 等方法用额外的预测头代替独立的草稿模型。",
      "在批量较大时，投机解码的收益会明显下降。"],
     ["先测接受率再上线", "草稿长度 4–6 较常见", "结合采样温度调整"],
     "out = target.generate(input_ids, assistant_model=draft, num_assistant_tokens=5)"),
    ("PyTorch 2 编译优化", ["dl_frameworks", "ml_basics"],
     ["torch.compile 通过 TorchDynamo 捕获计算图，再由 Inductor 生成融合后的 Triton kernel。",
      "图断裂（graph break）是编译收益不达预期的最常见原因。",
      "动态形状支持逐步完善，但频繁重编译仍然需要警惕。",
      "与 FSDP2、DTensor 的组合让大规模训练也能享受编译加速。"],
     ["用 TORCH_LOGS 排查图断裂", "先在小模型上验证收益", "注意首轮编译耗时"],
     "model = torch.compile(model, mode='max-autotune')"),
    ("CUDA 算子开发", ["dl_frameworks", "inference_opt"],
     ["手写 CUDA 算子的核心是让计算尽量贴近数据，减少全局显存访问。",
      "共享内存分块、向量化加载和 Tensor Core 是性能优化的三板斧。",
      "Triton 大幅降低了写高性能 kernel 的门槛，但极致性能仍需 CUDA 或 CUTLASS。",
      "Nsight Compute 的 roofline 分析能快速判断瓶颈在算力还是带宽。"],
     ["先写正确的朴素版本", "用 Nsight 定位瓶颈", "注意 bank conflict"],
     "__global__ void add(float* a, float* b, float* c, int n)"),
    ("长上下文建模", ["llm", "nlp"],
     ["长上下文模型的窗口已从 4K 扩展到百万 token，但「能放进去」不等于「能用好」。",
      "RoPE 插值、YaRN 等方法让模型在少量继续训练后即可外推到更长长度。",
      "大海捞针测试容易满分，多跳推理和信息聚合类任务更能区分模型。",
      "长上下文与 RAG 并非替代关系，很多场景下两者结合效果最好。"],
     ["评测要覆盖多跳推理", "注意首 token 延迟", "关键信息放在开头或结尾"],
     "rope_scaling = {'type': 'yarn', 'factor': 4.0}"),
    ("大模型评测", ["llm", "datasets"],
     ["大模型评测正从静态选择题转向开放式任务、Agent 任务和人类偏好对战。",
      "测试集泄漏让许多公开榜单分数虚高，动态更新的评测集越来越受重视。",
      "LLM-as-a-Judge 降低了评测成本，但存在位置偏好和长度偏好。",
      "业务评测集永远比公开榜单更重要。"],
     ["建立自己的私有评测集", "多次采样取均值", "人工抽检裁判模型结论"],
     "score = judge(prompt=q, answer_a=a, answer_b=b, swap=True)"),
    ("开源数据集", ["datasets", "open_models"],
     ["高质量开源数据集是开源模型追赶闭源模型的重要基础。",
      "预训练语料的去重、质量过滤和毒性过滤决定了模型的底子。",
      "中文高质量语料相对稀缺，社区正在通过共建方式补齐。",
      "数据许可证和版权问题越来越受到关注。"],
     ["使用前检查许可证", "做好近似去重", "记录数据来源与版本"],
     "ds = load_dataset('aihub/zh-instruct', split='train')"),
    ("合成数据", ["datasets", "llm", "generative"],
     ["合成数据用强模型生成训练样本，已成为指令微调和推理训练的主要数据来源之一。",
      "多样性不足和模型崩溃是合成数据的两大风险。",
      "可验证领域（数学、代码）最适合合成数据，因为可以自动检验正确性。",
      "种子数据的质量和多样性决定了合成数据的上限。"],
     ["用规则或执行结果做过滤", "保留一定比例真实数据", "监控分布漂移"],
     "samples = [teacher.generate(seed) for seed in seeds if verify(seed)]"),
    ("提示工程", ["llm", "tutorial"],
     ["好的提示词要讲清楚角色、任务、约束和输出格式。",
      "少样本示例对格式对齐帮助很大，但示例本身的偏差也会被模型学走。",
      "思维链提示能提升复杂推理任务的准确率，推理模型则已将其内化。",
      "把提示词当代码管理：版本化、评测、回归测试。"],
     ["先写清楚输出格式", "示例要覆盖边界情况", "用评测集验证改动"],
     "system: 你是一名资深数据分析师，请用 JSON 输出结论。"),
    ("大模型幻觉", ["llm", "ai_safety", "nlp"],
     ["大模型幻觉指模型生成看似合理但与事实不符的内容。",
      "幻觉源于预训练目标本身：模型学的是「像」而不是「对」。",
      "检索增强、引用溯源和不确定性表达是缓解幻觉的主要手段。",
      "让模型学会说「我不知道」，往往需要在对齐阶段专门训练。"],
     ["要求模型给出引用", "对数字和日期做二次校验", "高风险场景保留人工审核"],
     "answer = llm(question, context=docs, instruction='只根据资料回答，没有就说不知道')"),
    ("AI 对齐", ["ai_safety", "rl"],
     ["对齐的目标是让模型的行为符合人类的意图与价值观。",
      "可扩展监督研究的是：当模型能力超过人类时，我们如何仍然有效地评估和纠正它。",
      "可解释性研究试图从神经元和回路层面理解模型内部在做什么。",
      "红队测试和安全评测正在成为模型发布前的标准流程。"],
     ["建立安全评测基线", "引入外部红队", "记录并复盘安全事件"],
     "policy = constitution_finetune(model, principles=rules)"),
    ("越狱攻击与防御", ["ai_safety", "llm"],
     ["越狱攻击通过角色扮演、编码混淆、多轮诱导等方式绕过模型的安全限制。",
      "提示注入在 Agent 场景下危害更大，因为模型会读取不可信的外部内容。",
      "输入输出双向过滤加上安全对齐训练，是目前较为稳妥的防御组合。",
      "防御永远是动态的，需要持续收集新的攻击样本。"],
     ["把外部内容与指令严格隔离", "工具调用做权限最小化", "建立攻击样本库"],
     "if classifier(user_input).is_injection: return refuse()"),
    ("图神经网络", ["gnn", "ml_basics", "recsys"],
     ["图神经网络通过消息传递聚合邻居信息，适合处理社交网络、分子和知识图谱等结构化数据。",
      "过平滑是深层 GNN 的经典问题，层数加深后节点表示趋同。",
      "Graph Transformer 试图用全局注意力弥补消息传递的感受野限制。",
      "大模型与图结合，例如用 LLM 增强节点特征，是近期的新方向。"],
     ["邻居采样解决大图训练", "注意异配图场景", "特征工程依然重要"],
     "h = GCNConv(in_dim, out_dim)(x, edge_index)"),
    ("视觉语言模型", ["multimodal", "cv", "llm"],
     ["视觉语言模型把视觉编码器与大语言模型连接，能看图、读表并回答问题。",
      "动态分辨率和图像切块显著提升了 OCR 和细粒度理解能力。",
      "图文交错数据和高质量描述数据是训练的关键。",
      "视觉幻觉（描述图中不存在的物体）仍是常见问题。"],
     ["高分辨率输入更费 token", "关注中文 OCR 能力", "评测要覆盖图表与文档"],
     "resp = vlm.chat(image='chart.png', prompt='这张图的趋势是什么？')"),
    ("OCR 与文档理解", ["cv", "multimodal", "rag"],
     ["文档理解不仅要识别文字，还要还原版面、表格和阅读顺序。",
      "端到端的文档解析模型正在取代传统的检测 + 识别 + 版面分析流水线。",
      "PDF 解析质量直接决定了企业知识库 RAG 的效果。",
      "公式、手写体和复杂表格仍然是难点。"],
     ["表格输出为 Markdown 或 HTML", "保留页码与坐标便于溯源", "扫描件先做去噪"],
     "pages = parser.parse('report.pdf', output='markdown')"),
    ("开源大模型生态", ["open_models", "llm", "industry"],
     ["开源大模型与闭源模型的差距在过去一年明显缩小。",
      "开放权重让企业可以私有化部署，并针对业务做深度微调。",
      "围绕开源模型的工具链（微调、量化、推理、评测）已经相当成熟。",
      "许可证条款差异很大，商用前务必仔细阅读。"],
     ["关注许可证的商用限制", "优先选择社区活跃的模型", "评估长期维护能力"],
     "huggingface-cli download Qwen/Qwen2.5-72B-Instruct"),
    ("AI 芯片与算力", ["industry", "dl_frameworks", "inference_opt"],
     ["算力仍是大模型竞争的核心资源，GPU 供给紧张推高了训练成本。",
      "国产 AI 芯片在推理场景逐步落地，软件生态是最大的短板。",
      "推理需求的增长正在改变芯片设计的优先级：带宽比峰值算力更重要。",
      "超节点和高速互联决定了万卡集群的实际效率。"],
     ["关注 MFU 而非峰值算力", "软件栈成熟度决定迁移成本", "推理与训练分开规划"],
     "nvidia-smi topo -m  # 查看卡间互联拓扑"),
    ("AI 创业融资", ["funding", "industry"],
     ["今年 AI 赛道的融资集中在基础模型、Agent 应用和具身智能三个方向。",
      "投资人越来越看重收入和留存，而不只是模型能力的演示。",
      "应用层公司需要回答：当基础模型升级时，你的壁垒还在吗？",
      "算力成本在早期公司的支出中占比很高，融资节奏与此密切相关。"],
     ["关注单位经济模型", "数据飞轮是核心壁垒", "警惕估值泡沫"],
     "ARR = MRR * 12"),
    ("AI 监管政策", ["policy", "ai_safety"],
     ["生成式 AI 服务上线前需要完成算法备案和安全评估。",
      "各地对训练数据合规、个人信息保护和内容标识的要求日趋细化。",
      "AI 生成内容的显式与隐式标识正成为行业标准做法。",
      "企业需要建立覆盖数据、模型和应用的全流程合规体系。"],
     ["建立训练数据来源台账", "生成内容加标识", "设置投诉与反馈渠道"],
     "metadata['aigc_label'] = 'AI 生成'"),
    ("推理模型", ["rl", "llm"],
     ["推理模型通过更长的思考过程（test-time compute）换取更高的准确率。",
      "基于可验证奖励的强化学习（RLVR）是训练推理能力的关键方法。",
      "过度思考会浪费 token，如何自适应地控制思考长度是新的研究热点。",
      "推理能力能否迁移到数学和代码之外的领域，仍有争议。"],
     ["用可验证任务做奖励", "监控回答长度变化", "注意格式奖励被投机利用"],
     "reward = 1.0 if verify(answer, ground_truth) else 0.0"),
    ("知识蒸馏", ["inference_opt", "ml_basics"],
     ["知识蒸馏让小模型学习大模型的输出分布，在较低成本下保留大部分能力。",
      "序列级蒸馏直接用教师模型生成的数据做 SFT，是大模型时代最常见的形式。",
      "在线蒸馏（on-policy distillation）能缓解学生模型的暴露偏差。",
      "教师与学生容量差距过大时，需要引入助教模型逐级蒸馏。"],
     ["温度参数影响软标签信息量", "数据多样性比数量更关键", "评测学生模型的长尾能力"],
     "loss = kl_div(student_logits / T, teacher_logits / T) * T * T"),
    ("端侧大模型", ["inference_opt", "llm", "open_models"],
     ["端侧大模型在手机和 PC 上本地运行，兼顾隐私与低延迟。",
      "1B–4B 参数规模配合 4-bit 量化，是目前端侧的甜点区间。",
      "NPU 的算子支持程度决定了模型能否真正跑得快。",
      "端云协同：简单任务本地完成，复杂任务交给云端大模型。"],
     ["关注内存带宽而非算力", "控制首 token 延迟", "做好功耗测试"],
     "./llama-cli -m model-q4_k_m.gguf -p '你好' -n 128"),
    ("世界模型", ["embodied", "generative", "autonomous_driving"],
     ["世界模型学习环境的动态规律，可以在「想象」中预测动作带来的后果。",
      "视频生成模型被认为是通往世界模型的一条路径。",
      "在自动驾驶和机器人领域，世界模型可用于生成仿真数据和评测策略。",
      "物理一致性和可控性是世界模型当前最大的挑战。"],
     ["评测要看可控性而非画质", "结合动作条件生成", "关注长时序一致性"],
     "next_frame = world_model(frame, action='turn_left')"),
]

# (title template, angle used in text, extra tags)
TEMPLATES = [
    ("{s}实战：从零到上线的完整踩坑记录", "从零到上线过程中踩过的坑", ["tutorial"]),
    ("一文读懂{s}", "它的核心原理和适用场景", ["tutorial"]),
    ("{s}的五个常见误区", "工程实践中最常见的几个误区", []),
    ("深度解析{s}：原理、实现与局限", "原理、实现细节与局限", []),
    ("为什么说{s}是下一个风口？", "它为什么会成为下一个风口", ["industry"]),
    ("{s}在生产环境中的落地经验", "在生产环境落地的经验", []),
    ("从论文到代码：复现{s}的全过程", "复现过程中的关键细节", ["tutorial"]),
    ("{s}入门指南：新手最该知道的 10 件事", "新手入门最该知道的事", ["tutorial"]),
    ("{s}性能评测：我们对比了 6 个方案", "6 个方案的横向评测结果", []),
    ("{s}背后的工程挑战", "背后的工程挑战", []),
    ("聊聊{s}：一位算法工程师的观察", "一位一线算法工程师的观察", ["interview"]),
    ("{s}还有哪些没解决的问题", "目前仍未解决的开放问题", []),
    ("大模型时代，{s}该怎么做？", "大模型时代下的新做法", ["llm"]),
    ("{s}与大模型结合的三种思路", "与大模型结合的三种思路", ["llm"]),
    ("{s}的成本账：算力、数据与人力", "算力、数据与人力成本", ["industry"]),
    ("团队复盘：我们为什么放弃了原来的{s}方案", "我们放弃原方案的原因", []),
    ("{s}周报：本周值得关注的 8 个更新", "本周值得关注的更新", ["industry"]),
    ("{s}面试题整理与参考答案", "面试中的高频问题", ["hiring"]),
    ("对话一线专家：{s}的下一步", "专家对下一步发展的判断", ["interview"]),
    ("{s}技术分享会回顾：PPT 与问答整理", "分享会上的要点与问答", ["event_recap"]),
    ("用 100 行代码理解{s}", "用最少的代码理解核心机制", ["tutorial"]),
    ("{s}：被高估还是被低估？", "它究竟是被高估还是被低估", []),
    ("写给产品经理的{s}科普", "产品经理需要了解的要点", ["tutorial"]),
    ("{s}最新进展盘点", "最近一段时间的重要进展", []),
    ("{s}踩坑笔记：那些文档里没写的事", "文档里没写的那些细节", []),
]

# Stories with fixed titles: (title, tags, subject index or None, english)
GPT4_MM = [
    ("GPT-4 多模态能力实测：图表理解、OCR 与空间推理", ["multimodal", "llm", "cv"]),
    ("从 GPT-4V 到 GPT-4o：多模态交互的演进", ["multimodal", "llm"]),
    ("GPT-4 多模态 API 接入指南与计费细节", ["multimodal", "tutorial", "llm"]),
    ("开源多模态模型能追上 GPT-4 吗？我们做了 300 道题的对比", ["multimodal", "open_models", "datasets", "llm"]),
]
ENGLISH = [
    ("Scaling Laws for Mixture-of-Experts explained", ["llm", "ml_basics"], "Mixture-of-Experts"),
    ("A practical guide to LoRA fine-tuning on a single GPU", ["llm", "tutorial", "open_models"], "LoRA"),
    ("Why RAG pipelines fail in production", ["rag", "llm"], "RAG"),
    ("Transformer inference: KV cache from first principles", ["inference_opt", "llm", "ml_basics"], "the KV cache"),
    ("What we learned shipping an LLM agent to 10k users", ["agent", "llm", "industry"], "LLM agents"),
    ("Speculative decoding, benchmarked", ["inference_opt", "llm"], "speculative decoding"),
    ("DPO vs PPO: a hands-on comparison", ["rl", "llm"], "preference optimization"),
    ("Building a tiny vision-language model from scratch", ["multimodal", "cv", "tutorial"], "vision-language models"),
    ("Notes on FlashAttention-3", ["inference_opt", "dl_frameworks"], "FlashAttention"),
    ("The state of open-weight models, autumn 2026", ["open_models", "llm", "industry"], "open-weight models"),
    ("How to evaluate code assistants without fooling yourself", ["ai_coding", "datasets"], "code assistant evaluation"),
    ("Quantization formats compared: GGUF, AWQ and GPTQ", ["inference_opt", "open_models"], "quantization"),
    ("Diffusion Transformers are eating video generation", ["generative", "aigc", "multimodal"], "diffusion transformers"),
    ("Reward hacking in RLHF: a field guide", ["rl", "ai_safety", "llm"], "reward hacking"),
]
# broadly applicable tags used to pad tag lists (some stories get 6 tags to exercise the 5-tag display limit)
GENERIC_TAGS = ["llm", "industry", "open_models", "tutorial", "datasets", "ai_safety", "nlp", "ml_basics"]
SOURCES = ["aihub-editorial", "community", "wechat:ai-frontier", "zhihu:column", "rss:arxiv-daily",
           "juejin", "community", "community", "aihub-editorial", "newsletter:ai-weekly"]


def story_html(subj, angle: str, rng_: random.Random) -> str:
    name, _tags, facts, bullets, code = subj
    f = facts[:]
    blocks = [f"<p>最近，<strong>{name}</strong>在社区里的讨论度很高。{f[0]}这篇文章结合我们团队的实践，重点聊聊{angle}。</p>"]
    n_extra = rng_.randint(1, 5)  # total blocks 3..8
    pool = [
        "<h2>核心思路</h2>",
        f"<p>{f[1]}{f[2]}</p>",
        "<ul>" + "".join(f"<li>{b}</li>" for b in bullets) + "</ul>",
        f"<p>一个最小示例如下：<code>{escape(code)}</code>，实际项目中还需要加上日志、重试和监控。</p>",
        "<h2>我们的经验</h2>",
        f"<p>{f[3]}在我们的场景里，先用小规模实验验证方向，再逐步扩大投入，是性价比最高的做法。</p>",
    ]
    blocks += pool[: n_extra + 1] if n_extra < 5 else pool
    blocks.append(f"<p>总的来说，{name}已经从概念验证走向工程落地，但仍有不少细节值得打磨。欢迎在评论区分享你的经验。</p>")
    return "".join(blocks[:8])


def escape(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def fit_summary(text: str, extra: str) -> str:
    if len(text) < 60:
        text = text + extra
    if len(text) > 120:
        text = text[:117] + "……"
    return text


def english_html(topic: str) -> str:
    return (f"<p>This post is a practical look at {topic}, written after several months of running it in production.</p>"
            f"<h2>Why it matters</h2>"
            f"<p>Most write-ups on {topic} focus on headline numbers. We care about what breaks under real traffic, "
            f"what it costs, and which knobs actually move the needle.</p>"
            f"<ul><li>Start with a small, honest baseline</li><li>Measure latency and cost, not just accuracy</li>"
            f"<li>Keep an eval set that looks like your users</li></ul>"
            f"<p>Our takeaway: {topic} is worth the effort, but only with good measurement in place. "
            f"<code>eval.run(suite='internal-v3')</code> is the first command we run after every change.</p>")


def make_stories(n_users: int) -> list[dict]:
    n_regular = 236
    offsets = skewed_offsets(n_regular, last20h=14, last3d=42, last2w=84)
    # newest offsets at the end; ids 1..n_regular increase with recency
    titles_seen: set[str] = set()
    stories = []

    # Plan the titles: fixed ones go to specific slots, the rest is generated.
    plan: list[tuple] = [None] * n_regular  # (kind, payload)
    recent_slots = list(range(n_regular - 14, n_regular))  # within the last 20 hours
    fixed_recent = [
        ("zh", "大模型推理成本一年下降 90%，发生了什么？", ["llm", "inference_opt", "industry"], 20),
        ("zh", "国产大模型密集发布：本周六款新模型横向对比", ["llm", "open_models", "industry", "datasets"], 36),
        ("zh", "大模型长上下文评测：128K 真的够用吗", ["llm", "nlp", "datasets"], 25),
        ("zh", "Agent 框架选型：LangGraph、AutoGen 与 CrewAI 对比", ["agent", "llm", "tutorial"], 8),
        ("zh", "多 Agent 协作写代码，离真正可用还有多远", ["agent", "ai_coding", "llm"], 9),
        ("zh", GPT4_MM[0][0], GPT4_MM[0][1], 34),
    ]
    for slot, item in zip(recent_slots[::2], fixed_recent):
        plan[slot] = item
    # other GPT-4 多模态 stories spread over the last weeks
    for slot, (t, tg) in zip([n_regular - 30, n_regular - 70, n_regular - 150], GPT4_MM[1:]):
        plan[slot] = ("zh", t, tg, 34)
    # English-only titles spread everywhere (one in the last 20 hours)
    eng_slots = [n_regular - 3, n_regular - 20, n_regular - 41, n_regular - 55, n_regular - 77, n_regular - 90,
                 n_regular - 110, n_regular - 128, n_regular - 140, n_regular - 165, n_regular - 180,
                 n_regular - 200, n_regular - 215, n_regular - 230]
    for slot, e in zip(eng_slots, ENGLISH):
        plan[slot] = ("en",) + e

    combos = [(si, ti) for si in range(len(SUBJECTS)) for ti in range(len(TEMPLATES))]
    rng.shuffle(combos)
    ci = 0
    for idx in range(n_regular):
        if plan[idx] is None:
            while True:
                si, ti = combos[ci]
                ci += 1
                title = TEMPLATES[ti][0].format(s=SUBJECTS[si][0])
                if title not in titles_seen and "大模型时代，大模型" not in title and "大模型与大模型" not in title:
                    break
            plan[idx] = ("gen", si, ti)
        kind = plan[idx][0]
        if kind == "gen":
            titles_seen.add(TEMPLATES[plan[idx][2]][0].format(s=SUBJECTS[plan[idx][1]][0]))
        else:
            titles_seen.add(plan[idx][1])

    for idx in range(n_regular):
        sid = idx + 1
        p = plan[idx]
        if p[0] == "gen":
            subj = SUBJECTS[p[1]]
            tpl, angle, extra = TEMPLATES[p[2]]
            title = tpl.format(s=subj[0])
            content = story_html(subj, angle, rng)
            summary = fit_summary(f"{subj[2][0]}本文围绕{' ' if subj[0][0].isascii() else ''}{subj[0]}，重点讨论{angle}，并给出可复现的建议。",
                                  subj[2][1])
            tags = subj[1] + extra
        elif p[0] == "zh":
            _, title, tags, si = p
            subj = SUBJECTS[si]
            angle = "最新的实测结果与我们的判断"
            content = story_html(subj, angle, rng)
            summary = fit_summary(f"{title.rstrip('？?！')}。我们整理了实测过程与数据，{subj[2][0]}", subj[2][1])
        else:  # english
            _, title, tags, topic = p
            content = english_html(topic)
            summary = f"A practical look at {topic}: what breaks in production, what it costs, and which knobs matter."
        tags = list(tags)
        # tag count 1..6: sometimes trim to one, sometimes pad with related tags beyond the 5-tag display limit
        r = rng.random()
        if r < 0.08:
            tags = tags[:1]
        elif r < 0.22:
            pad = [t for t in GENERIC_TAGS if t not in tags]
            rng.shuffle(pad)
            tags = tags + pad[: 6 - len(tags)]
        elif r < 0.5:
            tags = tags + [rng.choice(GENERIC_TAGS)]
        tags = cap_tags(tags, 6)
        s: dict = {"type": "story", "id": sid, "title": title, "content": content, "summary": summary}
        if rng.random() < 0.6:
            s["cover_url"] = demo_picture("cover", rng.randint(1, 60), 12)
        if rng.random() < 0.85:
            s["user_id"] = rng.randint(1, n_users)
            if rng.random() < 0.03:
                s["story_show_user_name"] = False
        s["source_id"] = rng.choice(SOURCES)
        base = (rng.paretovariate(1.15) - 1) * 35
        s["final_score"] = int(min(900, base))
        s["remark_count"] = int(min(300, s["final_score"] * rng.uniform(0.05, 0.5)))
        s["view_count"] = int(min(60000, s["final_score"] * rng.uniform(20, 70) + rng.randint(0, 400)))
        s["tags"] = tags
        s["created_at"] = rel(offsets[idx])
        stories.append(s)

    # a few viral stories over 1000 votes
    for sid, score in [(60, 1530), (150, 12345), (200, 2048), (n_regular - 1, 1088)]:
        st = stories[sid - 1]
        st["final_score"] = score
        st["remark_count"] = min(300, score // 8)
        st["view_count"] = 60000 if score > 2000 else 48000
    # ensure at least a few explicit anonymous-by-choice stories
    for sid in (12, 95, 171, 222):
        stories[sid - 1]["user_id"] = stories[sid - 1].get("user_id", 7)
        stories[sid - 1]["story_show_user_name"] = False
    # order keys consistently
    order = ["type", "id", "title", "content", "summary", "cover_url", "user_id", "story_show_user_name",
             "source_id", "final_score", "remark_count", "view_count", "tags", "created_at"]
    stories = [{k: st[k] for k in order if k in st} for st in stories]

    # escaping tests
    stories.append({
        "type": "story", "id": 9001,
        "title": "大模型安全：为什么 <script>alert(1)</script> 仍能绕过过滤",
        "content": ("<p>很多大模型应用把模型输出直接拼进网页，一旦输出里出现 <code>&lt;script&gt;alert(1)&lt;/script&gt;</code>"
                    " 这样的片段，就可能造成 XSS。</p><h2>问题出在哪里</h2><p>过滤往往只在输入侧做，而模型输出同样是不可信数据。"
                    "提示注入可以诱导模型原样输出恶意标签。</p><ul><li>输出渲染前统一做 HTML 转义</li>"
                    "<li>富文本走白名单清洗</li><li>设置 Content-Security-Policy</li></ul>"
                    "<p>结论：把模型输出当作用户输入来对待。</p>"),
        "summary": "模型输出同样是不可信数据。本文复现了一个把 <script> 标签带进页面的案例，并给出转义、白名单清洗与 CSP 三层防护建议，帮助大模型应用避免 XSS。",
        "cover_url": demo_picture("cover", 7, 12),
        "user_id": 3, "source_id": "aihub-editorial",
        "final_score": 321, "remark_count": 45, "view_count": 8800,
        "tags": ["ai_safety", "llm"], "created_at": "-2d3h",
    })
    stories.append({
        "type": "story", "id": 9002,
        "title": "<img src=x onerror=alert(1)> 大模型 提示注入案例",
        "content": ("<p>本文记录一个真实的大模型提示注入案例：攻击者在网页中埋入 <code>&lt;img src=x onerror=alert(1)&gt;</code>，"
                    "Agent 抓取网页后把它原样写进了回答。</p><p>修复方式是对所有外部内容做隔离标记，并在渲染层统一转义。</p>"
                    "<ul><li>外部内容与系统指令分离</li><li>渲染前转义</li><li>工具权限最小化</li></ul>"),
        "summary": "攻击者在网页中埋入带 onerror 的图片标签，Agent 抓取后原样写进回答。本文复盘这个大模型提示注入案例，以及隔离外部内容、渲染前转义和工具权限最小化三项修复。",
        "user_id": 5, "source_id": "community",
        "final_score": 156, "remark_count": 20, "view_count": 4300,
        "tags": ["ai_safety", "agent", "llm"], "created_at": "-4d6h",
    })
    return stories


# ---------------------------------------------------------------- papers

# (Title Case, lower case, Chinese, challenge en, challenge cn, tags)
TOPICS = [
    ("Long-Context Language Modeling", "long-context language modeling", "长上下文语言建模",
     "attention cost grows quadratically with sequence length", "注意力计算量随序列长度二次增长", ["llm", "nlp"]),
    ("Retrieval-Augmented Generation", "retrieval-augmented generation", "检索增强生成",
     "retrieved passages are often noisy or irrelevant", "检索到的段落常常包含噪声或与问题无关", ["rag", "llm"]),
    ("Multimodal Reasoning", "multimodal reasoning", "多模态推理",
     "models struggle to ground language in fine-grained visual evidence", "模型难以把语言与细粒度视觉证据对应起来", ["multimodal", "cv"]),
    ("LLM Agents", "LLM agents", "大模型智能体",
     "errors compound over long multi-step trajectories", "长程多步轨迹中的错误会不断累积", ["agent", "llm"]),
    ("Code Generation", "code generation", "代码生成",
     "functional correctness is hard to verify at scale", "功能正确性难以大规模验证", ["ai_coding", "llm"]),
    ("Text-to-Image Diffusion", "text-to-image diffusion", "文生图扩散模型",
     "sampling requires many network evaluations", "采样需要大量的网络前向计算", ["generative", "aigc", "cv"]),
    ("Video Generation", "video generation", "视频生成",
     "temporal consistency degrades over long horizons", "长时序下的时间一致性会明显下降", ["generative", "aigc", "multimodal"]),
    ("Vision-Language-Action Models", "vision-language-action models", "视觉-语言-动作模型",
     "robot demonstrations are scarce and expensive to collect", "机器人示教数据稀缺且采集成本高", ["embodied", "robotics"]),
    ("Robot Manipulation", "robot manipulation", "机器人操作",
     "policies fail to generalize to unseen objects", "策略难以泛化到未见过的物体", ["robotics", "embodied"]),
    ("End-to-End Autonomous Driving", "end-to-end autonomous driving", "端到端自动驾驶",
     "rare safety-critical scenarios are underrepresented in data", "罕见的安全关键场景在数据中占比极低", ["autonomous_driving", "cv"]),
    ("Speech Recognition", "speech recognition", "语音识别",
     "accented and noisy speech remains difficult", "带口音和噪声的语音仍然难以识别", ["speech"]),
    ("Zero-Shot Text-to-Speech", "zero-shot text-to-speech", "零样本语音合成",
     "prosody and speaker similarity are hard to balance", "韵律自然度与音色相似度难以兼顾", ["speech", "generative"]),
    ("Sequential Recommendation", "sequential recommendation", "序列推荐",
     "user interests drift over time", "用户兴趣会随时间漂移", ["recsys"]),
    ("Generative Recommendation", "generative recommendation", "生成式推荐",
     "item identifiers lack semantic structure", "物品标识缺乏语义结构", ["recsys", "llm"]),
    ("Post-Training Quantization", "post-training quantization", "训练后量化",
     "activation outliers destroy low-bit accuracy", "激活离群值会严重损害低比特精度", ["inference_opt"]),
    ("LLM Inference Serving", "LLM inference serving", "大模型推理服务",
     "KV cache memory limits batch size", "KV Cache 显存占用限制了批大小", ["inference_opt", "llm"]),
    ("Mixture-of-Experts Training", "mixture-of-experts training", "混合专家模型训练",
     "expert load imbalance wastes compute", "专家负载不均衡造成算力浪费", ["llm", "dl_frameworks"]),
    ("Preference Optimization", "preference optimization", "偏好优化",
     "reward models are easily exploited", "奖励模型容易被策略钻空子", ["rl", "llm"]),
    ("Reasoning with Reinforcement Learning", "reasoning with reinforcement learning", "基于强化学习的推理",
     "sparse verifiable rewards make exploration inefficient", "稀疏的可验证奖励使探索效率低下", ["rl", "llm"]),
    ("Hallucination Detection", "hallucination detection", "幻觉检测",
     "fluent outputs hide factual errors", "流畅的输出掩盖了事实性错误", ["ai_safety", "llm", "nlp"]),
    ("Jailbreak Defense", "jailbreak defense", "越狱防御",
     "adaptive attacks bypass static filters", "自适应攻击能够绕过静态过滤", ["ai_safety", "llm"]),
    ("Mechanistic Interpretability", "mechanistic interpretability", "机制可解释性",
     "internal features are superposed and entangled", "内部特征相互叠加、纠缠", ["ai_safety", "ml_basics"]),
    ("Graph Representation Learning", "graph representation learning", "图表示学习",
     "message passing over-smooths node features", "消息传递会导致节点特征过平滑", ["gnn", "ml_basics"]),
    ("Molecular Graph Generation", "molecular graph generation", "分子图生成",
     "generated molecules often violate chemical validity", "生成的分子经常违反化学有效性", ["gnn", "generative"]),
    ("Document Understanding", "document understanding", "文档理解",
     "complex layouts and tables break reading order", "复杂版面和表格会打乱阅读顺序", ["cv", "multimodal"]),
    ("Open-Vocabulary Detection", "open-vocabulary detection", "开放词汇目标检测",
     "rare categories have few training examples", "稀有类别的训练样本很少", ["cv"]),
    ("Synthetic Data Generation", "synthetic data generation", "合成数据生成",
     "synthetic corpora collapse in diversity", "合成语料的多样性会逐渐坍缩", ["datasets", "llm"]),
    ("LLM Evaluation", "LLM evaluation", "大模型评测",
     "benchmark contamination inflates scores", "评测集泄漏导致分数虚高", ["datasets", "llm"]),
    ("Distributed Training", "distributed training", "分布式训练",
     "communication overhead dominates at scale", "大规模下通信开销占据主导", ["dl_frameworks"]),
    ("World Models", "world models", "世界模型",
     "learned dynamics drift from physical reality", "学到的动态规律会偏离物理现实", ["embodied", "generative"]),
    ("On-Device Language Models", "on-device language models", "端侧语言模型",
     "memory bandwidth bounds decoding speed", "内存带宽限制了解码速度", ["inference_opt", "open_models"]),
    ("Optimization for Deep Learning", "optimization for deep learning", "深度学习优化",
     "learning-rate schedules transfer poorly across scales", "学习率调度难以在不同规模间迁移", ["ml_basics"]),
]
# (Title Case, lower case, Chinese)
APPROACHES = [
    ("Sparse Attention", "sparse attention", "稀疏注意力"),
    ("Contrastive Pretraining", "contrastive pretraining", "对比预训练"),
    ("Low-Rank Adaptation", "low-rank adaptation", "低秩适配"),
    ("Speculative Decoding", "speculative decoding", "投机解码"),
    ("Process Reward Models", "process reward models", "过程奖励模型"),
    ("Self-Play", "self-play", "自博弈"),
    ("Flow Matching", "flow matching", "流匹配"),
    ("Consistency Distillation", "consistency distillation", "一致性蒸馏"),
    ("Token Merging", "token merging", "Token 合并"),
    ("Curriculum Learning", "curriculum learning", "课程学习"),
    ("Hierarchical Planning", "hierarchical planning", "分层规划"),
    ("Memory Retrieval", "memory retrieval", "记忆检索"),
    ("Knowledge Distillation", "knowledge distillation", "知识蒸馏"),
    ("State Space Models", "state space models", "状态空间模型"),
    ("Mixture of Experts", "mixture of experts", "混合专家"),
    ("Chain-of-Thought Supervision", "chain-of-thought supervision", "思维链监督"),
    ("Reinforcement Learning from Verifiable Rewards", "reinforcement learning from verifiable rewards", "可验证奖励强化学习"),
    ("Diffusion Transformers", "diffusion transformers", "扩散 Transformer"),
    ("Graph Transformers", "graph transformers", "图 Transformer"),
    ("Test-Time Scaling", "test-time scaling", "测试时扩展"),
    ("Rotary Position Interpolation", "rotary position interpolation", "旋转位置插值"),
    ("Vector Quantization", "vector quantization", "向量量化"),
    ("Sparse Autoencoders", "sparse autoencoders", "稀疏自编码器"),
    ("Adversarial Training", "adversarial training", "对抗训练"),
    ("Multi-Agent Debate", "multi-agent debate", "多智能体辩论"),
    ("Semantic IDs", "semantic IDs", "语义 ID"),
    ("Structured Pruning", "structured pruning", "结构化剪枝"),
    ("Dynamic Resolution Encoding", "dynamic resolution encoding", "动态分辨率编码"),
]
NAME_A = ["Flash", "Sparse", "Meta", "Omni", "Deep", "Hyper", "Auto", "Neuro", "Quant", "Lumen", "Orca", "Tiger",
          "Panda", "Falcon", "Sky", "Star", "Nova", "Echo", "Atlas", "Prism", "Kite", "Lotus", "Jade", "Vega"]
NAME_B = ["Route", "Mix", "Align", "Bench", "Gen", "Former", "Seek", "Think", "Lens", "Flow", "Mem", "Plan",
          "Coder", "Vision", "Voice", "Tune", "Distill", "RAG", "Agent", "Cache", "Scope", "Mind", "Graph", "Drive"]
PAPER_TITLES = [
    ("{N}: {A} for {T}", "{N}：面向{Tc}的{Ac}方法"),
    ("Scaling {A} for {T}", "面向{Tc}的{Ac}规模化研究"),
    ("Rethinking {T} through the Lens of {A}", "从{Ac}的视角重新审视{Tc}"),
    ("Towards Efficient {T} via {A}", "基于{Ac}的高效{Tc}"),
    ("On the Limits of {A} in {T}", "{Ac}在{Tc}中的局限性研究"),
    ("{N}: A Benchmark for {T}", "{N}：{Tc}评测基准"),
    ("When Does {A} Help {T}? An Empirical Study", "{Ac}何时有助于{Tc}？一项实证研究"),
    ("{N}: Learning {T} with {A}", "{N}：利用{Ac}学习{Tc}"),
    ("{A} Is All You Need for {T}", "{Ac}足以解决{Tc}"),
    ("{N}: Unifying {A} and {T}", "{N}：统一{Ac}与{Tc}"),
]
AUTHORS = [
    "Wei Zhang", "Na Li", "Lei Wang", "Yang Liu", "Jing Chen", "Fan Yang", "Min Zhao", "Hao Huang", "Ting Zhou",
    "Jun Wu", "Alex Chen", "Grace Lin", "Xin Xu", "Yue Sun", "Xiao Ma", "Lin Zhu", "Bin Hu", "Jia Guo",
    "Zihan Lin", "Yutong He", "Yuan Gao", "Yiming Luo", "Sicheng Liang", "Jiayi Song", "Haoran Zheng",
    "Yuxin Xie", "Bing Han", "Shiyu Tang", "Zixuan Feng", "Mingzhe Dong", "Kexin Cheng", "Bowen Cao",
    "Emily Wang", "Jason Liu", "Michael Zhou", "Sophia Huang", "Daniel Wu", "Iris Xu", "Leo Sun",
    "Maria Garcia", "John Smith", "Anna Müller", "Pierre Dubois", "Hiroshi Tanaka", "Sara Rossi",
    "David Kim", "Priya Sharma", "Lukas Novak", "Olivia Brown", "Ethan Miller", "Noah Wilson",
    "Chloé Martin", "Mateo Fernández", "Yuki Sato", "Arjun Patel", "Elena Petrova", "Tom Becker",
    "Ruoxi Song", "Chen Xu", "Qian Zhou", "Chen Ye", "Shuo Wang", "Tianyu Gao", "Kai Li", "Zhiyuan Liu",
]


def arxiv_form(num: str, version: int | None, style: int) -> str:
    v = f"v{version}" if version else ""
    if style == 0:
        return num + v
    if style == 1:
        return f"arXiv:{num}{v}"
    if style == 2:
        return f"https://arxiv.org/abs/{num}{v or 'v1'}"
    if style == 3:
        return f"https://arxiv.org/pdf/{num}{v or 'v1'}" + (".pdf" if rng.random() < 0.4 else "")
    return num + (v or "v1")


def yymm_for(minutes_ago: int) -> str:
    # now is treated as 2026-11 for plausible numbering; months step back ~30 days
    months_back = minutes_ago // (30 * 24 * 60)
    y, m = 2026, 11 - months_back
    while m <= 0:
        y, m = y - 1, m + 12
    return f"{y % 100:02d}{m:02d}"


def hotness_series(hot: int, kind: str) -> list | None:
    if kind == "none":
        return None
    if kind == "empty":
        return []
    if kind == "one":
        return [[f"-{rng.randint(1, 4)}d", hot]]
    n = rng.randint(2, 20)
    end = rng.randint(1, 3)
    pts = []
    for i in range(n):
        day = end + (n - 1 - i)
        frac = (i + 1) / n
        pts.append([f"-{day}d", max(0, int(hot * frac * rng.uniform(0.7, 1.1)))])
    return pts


def make_papers() -> list[dict]:
    n_unique = 212
    offsets = skewed_offsets(n_unique, last20h=10, last3d=38, last2w=80)
    names_used: set[str] = set()
    titles_used: set[str] = set()
    nums_used: set[str] = set()
    papers = []
    for i in range(n_unique):
        mins = offsets[i]
        if rng.random() < 0.2:
            yymm = f"{rng.choice([24, 25, 26])}{rng.randint(1, 12):02d}"
            if yymm > "2611":
                yymm = "2607"
        else:
            yymm = yymm_for(mins)
        while True:
            num = f"{yymm}.{rng.randint(1, 29999):05d}"
            if num not in nums_used:
                nums_used.add(num)
                break
        while True:
            topic = rng.choice(TOPICS)
            appr = rng.choice(APPROACHES)
            tt, tc = rng.choice(PAPER_TITLES)
            name = rng.choice(NAME_A) + rng.choice(NAME_B)
            title = tt.format(N=name, A=appr[0], T=topic[0])
            if title in titles_used or ("{N}" in tt and name in names_used):
                continue
            titles_used.add(title)
            if "{N}" in tt:
                names_used.add(name)
            break
        title_cn = tc.format(N=name, Ac=appr[2], Tc=topic[2])
        has_n = "{N}" in tt
        subj = name if has_n else "the proposed approach"
        gain = rng.randint(3, 27)
        speed = round(rng.uniform(1.3, 4.8), 1)
        k = rng.randint(3, 12)
        sent = [
            f"{topic[1][0].upper() + topic[1][1:]} remains challenging because {topic[3]}.",
            (f"We introduce {subj}, a benchmark of {rng.randint(8, 40) * 50} carefully curated tasks for {topic[1]}."
             if "Benchmark" in tt else
             (f"We propose {name}, which leverages {appr[1]} to address this limitation without extra supervision."
              if has_n else
              f"We propose a simple framework built on {appr[1]} that addresses this limitation without extra supervision.")),
            f"Experiments on {k} benchmarks show that {subj} improves accuracy by {gain}% over strong baselines "
            f"while reducing inference cost by {speed}x.",
            "Code and models are publicly available.",
        ]
        nsent = rng.randint(2, 4)
        abstract = " ".join(sent[:nsent] if nsent < 4 else sent)
        summary_cn = (f"{topic[2]}面临的核心难题是{topic[4]}。"
                      + (f"作者构建了 {name} 评测基准，系统评估现有方法。" if "Benchmark" in tt else
                         (f"作者提出 {name}，" if has_n else "作者提出一种新方法，") + f"利用{appr[2]}缓解这一问题，")
                      + f"在 {k} 个基准上相对强基线提升 {gain}%，推理成本降低 {speed} 倍。")
        n_auth = rng.randint(2, 8)
        authors = rng.sample(AUTHORS, n_auth)
        hot = int(min(5000, rng.paretovariate(1.2) * 60)) if rng.random() > 0.05 else 0
        r = rng.random()
        kind = "none" if r < 0.1 else "empty" if r < 0.15 else "one" if r < 0.27 else "many"
        series = hotness_series(hot, kind)
        tags = [t for t in topic[5] if t in PAPER_TAGS]
        if rng.random() < 0.3:
            tags.append(rng.choice(sorted(PAPER_TAGS)))
        p = {"type": "paper", "arxiv": arxiv_form(num, rng.choice([None, None, 1, 2, 3]), rng.randint(0, 4)),
             "title": title, "abstract": abstract, "authors": authors, "title_cn": title_cn,
             "summary_cn": summary_cn, "published_at": rel(mins), "hotness": hot}
        if series is not None:
            p["hotness_series"] = series
        p["tags"] = cap_tags(tags, 5)
        p["_num"] = num
        papers.append(p)

    # 5 deliberate duplicate pairs: same arXiv number, v1 and v2 in different forms, different title wording.
    # v2 must win. Three pairs list v1 first, two list v2 first (older must not overwrite newer).
    dup_src = [papers[j] for j in (205, 190, 150, 99, 30)]
    v1_forms = [lambda n: f"arXiv:{n}v1", lambda n: f"https://arxiv.org/pdf/{n}v1",
                lambda n: f"{n}v1", lambda n: f"https://arxiv.org/abs/{n}v1", lambda n: f"arXiv:{n}v1"]
    v2_forms = [lambda n: f"{n}v2", lambda n: f"https://arxiv.org/abs/{n}v2", lambda n: f"arXiv:{n}v2",
                lambda n: f"https://arxiv.org/pdf/{n}v2.pdf", lambda n: f"{n}v2"]
    out = []
    dup_ids = {id(p) for p in dup_src}
    for p in papers:
        if id(p) not in dup_ids:
            out.append(p)
            continue
        k = dup_src.index(p)
        num = p["_num"]
        old = dict(p)
        old["arxiv"] = v1_forms[k](num)
        t = p["title"]
        old["title"] = (t.replace(": ", " - ", 1) + " (Preliminary Version)") if ": " in t else t + ": Preliminary Results"
        old["title_cn"] = p["title_cn"] + "（初版）"
        old["abstract"] = p["abstract"].split(". ")[0] + ". A preliminary version of this work."
        old["hotness"] = max(0, p["hotness"] // 3)
        old.pop("hotness_series", None)
        new = dict(p)
        new["arxiv"] = v2_forms[k](num)
        pair = [old, new] if k < 3 else [new, old]
        out.extend(pair)
    for p in out:
        p.pop("_num", None)
    return out


# ---------------------------------------------------------------- events

CITIES = [
    "北京市海淀区中关村大街 11 号 创业会议中心", "北京市朝阳区望京 SOHO T2 12 层", "上海市徐汇区龙腾大道 2555 号 西岸智塔",
    "上海市浦东新区张江高科 AI 岛 3 号楼", "深圳市南山区科技园 深圳湾创业广场", "杭州市余杭区未来科技城 梦想小镇",
    "广州市天河区珠江新城 IFC 36 层", "成都市高新区天府软件园 G 区", "南京市鼓楼区南京大学鼓楼校区 逸夫馆",
    "武汉市洪山区光谷软件园 F3 栋", "西安市雁塔区高新区 云水路 8 号", "苏州市工业园区 人工智能产业园 G1 栋",
]
COMPANIES = ["AIHub 社区", "星河智能", "云帆科技", "量子跃迁实验室", "极光 AI", "北辰机器人", "青藤数据",
             "墨子安全实验室", "启元开源基金会", "深蓝自动驾驶", "声纹科技", "算力云"]
EVENT_DEFS = [
    ("大模型技术开放日", "从预训练到推理部署的一线实践", ["llm", "inference_opt"]),
    ("AI Agent 开发者沙龙", "工具调用、规划与评测实战", ["agent", "llm"]),
    ("NeurIPS 2026 中文论文预讲会", "30 篇入选论文作者现场分享", ["llm", "ml_basics", "event_recap"]),
    ("具身智能前沿论坛", "VLA 模型、灵巧操作与 Sim2Real", ["embodied", "robotics"]),
    ("RAG 实战工作坊", "带上电脑，3 小时搭建企业知识库问答", ["rag", "tutorial"]),
    ("多模态大模型 Meetup", "视觉语言模型的训练与评测", ["multimodal", "llm", "cv"]),
    ("AIGC 创作者大会", "图像、视频与音乐生成的创作实践", ["aigc", "generative"]),
    ("开源模型 Hackathon", "48 小时，用开源模型做出你的产品", ["open_models", "ai_coding"]),
    ("CUDA 性能优化训练营", "从 roofline 分析到 Tensor Core 编程", ["dl_frameworks", "inference_opt", "tutorial"]),
    ("自动驾驶技术峰会", "端到端方案与世界模型", ["autonomous_driving", "cv"]),
    ("AI 安全与对齐研讨会", "红队测试、可解释性与治理", ["ai_safety", "policy"]),
    ("ICLR 2027 投稿经验分享", "审稿人视角的写作与 rebuttal 建议", ["ml_basics", "tutorial"]),
    ("大模型应用创新大赛决赛路演", "12 支队伍同台竞技", ["llm", "industry"]),
    ("机器人学习读书会", "精读本月最值得关注的 3 篇论文", ["robotics", "embodied"]),
    ("AI 编程直播课", "用 AI 编程助手完成一个全栈项目", ["ai_coding", "tutorial"]),
    ("语音大模型技术沙龙", "端到端语音对话与 TTS 新进展", ["speech", "llm"]),
    ("推荐系统与大模型论坛", "生成式推荐的工业实践", ["recsys", "llm"]),
    ("AI 创业者闭门会", "融资环境与商业化路径", ["funding", "industry"]),
    ("图学习青年学者论坛", "图基础模型与科学发现", ["gnn", "ml_basics"]),
    ("大模型推理加速专场", "量化、投机解码与 KV Cache", ["inference_opt", "llm"]),
    ("AI 人才招聘专场", "30+ 家 AI 公司现场招聘", ["hiring", "industry"]),
    ("数据集共建计划发布会", "中文高质量语料开放共建", ["datasets", "open_models"]),
]


def make_events() -> list[dict]:
    events = []
    # (status, count)
    statuses = ["past"] * 15 + ["live"] * 5 + ["future"] * 16
    live_windows = [(-60, 120), (-30, 90), (-24 * 60, 24 * 60), (-120, 240), (-180, 60)]
    used_names = set()
    for i, st in enumerate(statuses):
        eid = i + 1
        base_name, subtitle, tags = EVENT_DEFS[i % len(EVENT_DEFS)]
        online = rng.random() < 0.4
        city = rng.choice(CITIES)
        city_short = city[:2]
        if i >= len(EVENT_DEFS):
            name = f"{base_name} · {city_short}站" if not online else f"{base_name}（第 {rng.randint(2, 9)} 期）"
        else:
            name = base_name if rng.random() < 0.5 else (f"{base_name} · {city_short}站" if not online else base_name)
        if name in used_names:
            name = f"{name}（第 {eid} 期）"
        used_names.add(name)
        if st == "past":
            start = -rng.randint(2, 80) * 24 * 60 - rng.randint(0, 10) * 60
            dur = rng.choice([2, 3, 4, 6, 8, 48]) * 60
            end = start + dur
            created = -start + rng.randint(5, 20) * 24 * 60
        elif st == "live":
            start, end = live_windows[len([e for e in events if e["_st"] == "live"])]
            created = -start + rng.randint(3, 15) * 24 * 60
        else:
            start = rng.randint(1, 45) * 24 * 60 + rng.choice([0, 2, 4, 6]) * 60
            dur = rng.choice([2, 3, 4, 6, 8, 48]) * 60
            end = start + dur
            created = rng.randint(1, 14) * 24 * 60
        e = {"type": "event", "id": eid, "name": name, "title": subtitle,
             "brief": (f"{subtitle}。本次活动由{{company}}主办，邀请来自高校和企业的嘉宾，"
                       f"围绕{'、'.join(rng.sample(['技术原理', '工程落地', '开源生态', '产业应用', '评测方法', '未来趋势'], 3))}展开交流，"
                       f"{'全程线上直播，可在社区回看' if online else '现场设有交流茶歇，名额有限，请尽早报名'}。"),
             "image_url": demo_picture("event", eid, 8),
             "address": "线上" if online else city,
             "company": rng.choice(COMPANIES),
             "start_time": rel_signed(start), "end_time": rel_signed(end),
             "tags": tags, "created_at": rel(created), "_st": st}
        e["brief"] = e["brief"].replace("{company}", e["company"])
        if rng.random() < 0.15:
            e.pop("image_url")
        if online or st == "live":  # where 观看直播 goes while it runs (no draw from rng: the rest stays as it was)
            e["live_url"] = f"https://live.aihub.example/events/{eid}"
        events.append(e)
    for e in events:
        e.pop("_st")
    return events


# ---------------------------------------------------------------- projects

OWNERS = ["aihub-labs", "starriver-ai", "yunfan-tech", "quantumleap-lab", "aurora-ai", "beichen-robotics",
          "qingteng-data", "mozi-sec", "qiyuan-oss", "deepblue-drive", "voiceprint", "computecloud",
          "zhangwei-dev", "lina-ml", "tensorcat", "kvcache-io", "lorafactory", "openvla-community",
          "pandanlp", "tiger-research", "sparse-lab", "moe-works", "ragstack", "agentverse-org"]
# (name, description en, description cn, topics, tags)
PROJECT_KINDS = [
    ("{p}-llm", "A lightweight framework for pretraining and fine-tuning large language models",
     "轻量级大模型预训练与微调框架", ["llm", "pytorch", "fine-tuning"], ["llm", "open_models"]),
    ("{p}-rag", "Production-ready retrieval-augmented generation pipeline with hybrid search and reranking",
     "支持混合检索与重排序的生产级 RAG 流水线", ["rag", "retrieval", "vector-search"], ["rag", "llm"]),
    ("{p}-agent", "Build reliable tool-using LLM agents with tracing and replay",
     "可追踪、可回放的大模型 Agent 开发框架", ["agent", "function-calling", "llm"], ["agent", "llm"]),
    ("{p}-vl", "Open vision-language model with dynamic resolution and strong Chinese OCR",
     "支持动态分辨率、中文 OCR 能力强的开源视觉语言模型", ["multimodal", "vlm", "ocr"], ["multimodal", "cv", "open_models"]),
    ("{p}-diffusion", "Fast diffusion sampling and LoRA training toolkit",
     "扩散模型快速采样与 LoRA 训练工具包", ["diffusion", "stable-diffusion", "lora"], ["generative", "aigc"]),
    ("{p}-video", "Text-to-video generation with a spatio-temporal diffusion transformer",
     "基于时空扩散 Transformer 的文生视频模型", ["video-generation", "dit", "aigc"], ["aigc", "generative", "multimodal"]),
    ("{p}-infer", "High-throughput LLM inference engine with paged KV cache and speculative decoding",
     "支持分页 KV Cache 与投机解码的高吞吐大模型推理引擎", ["inference", "cuda", "serving"], ["inference_opt", "llm"]),
    ("{p}-quant", "4-bit and 8-bit quantization for LLMs: GPTQ, AWQ and FP8 in one place",
     "一站式大模型 4/8 比特量化工具：GPTQ、AWQ 与 FP8", ["quantization", "gptq", "awq"], ["inference_opt", "open_models"]),
    ("{p}-coder", "Open code LLM and VS Code extension for repository-level completion",
     "开源代码大模型与支持仓库级补全的 VS Code 插件", ["code-generation", "copilot", "vscode"], ["ai_coding", "llm"]),
    ("{p}-vla", "Vision-language-action policies for robot manipulation, with sim and real-robot recipes",
     "面向机器人操作的视觉-语言-动作策略，含仿真与真机训练方案", ["robotics", "vla", "imitation-learning"], ["embodied", "robotics"]),
    ("{p}-drive", "End-to-end autonomous driving stack with BEV perception and closed-loop evaluation",
     "端到端自动驾驶方案，含 BEV 感知与闭环评测", ["autonomous-driving", "bev", "planning"], ["autonomous_driving", "cv"]),
    ("{p}-tts", "Zero-shot multilingual text-to-speech with streaming output",
     "支持流式输出的零样本多语种语音合成", ["tts", "speech-synthesis", "voice-cloning"], ["speech", "aigc"]),
    ("{p}-asr", "Streaming speech recognition for Mandarin and dialects",
     "支持普通话与方言的流式语音识别", ["asr", "speech-recognition", "streaming"], ["speech"]),
    ("{p}-rec", "Generative recommendation with semantic IDs and LLM ranking",
     "基于语义 ID 与大模型排序的生成式推荐框架", ["recommender-system", "ctr", "llm"], ["recsys", "llm"]),
    ("{p}-gnn", "Scalable graph neural network library with neighbor sampling",
     "支持邻居采样的可扩展图神经网络库", ["gnn", "graph", "pytorch-geometric"], ["gnn", "ml_basics"]),
    ("{p}-eval", "Unified evaluation harness for LLMs with contamination checks",
     "带数据污染检测的大模型统一评测框架", ["evaluation", "benchmark", "llm"], ["datasets", "llm"]),
    ("{p}-data", "Open Chinese instruction and pretraining corpora with dedup tooling",
     "开源中文指令与预训练语料及去重工具", ["dataset", "chinese", "dedup"], ["datasets", "open_models"]),
    ("{p}-guard", "Prompt-injection and jailbreak detection for LLM applications",
     "面向大模型应用的提示注入与越狱检测", ["llm-security", "prompt-injection", "guardrails"], ["ai_safety", "llm"]),
    ("{p}-rlhf", "Scalable RLHF, DPO and GRPO training on Ray",
     "基于 Ray 的可扩展 RLHF、DPO 与 GRPO 训练框架", ["rlhf", "dpo", "reinforcement-learning"], ["rl", "llm"]),
    ("{p}-kernels", "Hand-tuned CUDA and Triton kernels for attention and MoE",
     "为注意力与 MoE 手工调优的 CUDA 与 Triton 算子", ["cuda", "triton", "gpu"], ["dl_frameworks", "inference_opt"]),
    ("{p}-tutorials", "Hands-on notebooks for learning deep learning and LLMs from scratch",
     "从零学习深度学习与大模型的实战 Notebook 教程", ["tutorial", "deep-learning", "notebooks"], ["tutorial", "ml_basics"]),
    ("{p}-edge", "Run small language models on phones and laptops with NPU acceleration",
     "借助 NPU 加速在手机和笔记本上运行小语言模型", ["on-device", "gguf", "npu"], ["inference_opt", "open_models"]),
    ("awesome-{p}", "A curated list of resources, papers and tools",
     "精选资源、论文与工具合集", ["awesome-list", "papers", "resources"], ["tutorial", "industry"]),
]
LANG_FOR = {
    "-kernels": ["CUDA", "C++"], "-infer": ["C++", "Rust", "Python", "CUDA"], "-quant": ["Python", "CUDA"],
    "-tutorials": ["Jupyter Notebook"], "-edge": ["C++", "Rust"], "awesome-": [None], "-coder": ["TypeScript", "Python"],
    "-agent": ["Python", "TypeScript", "Go"], "-rag": ["Python", "Go", "TypeScript"], "-eval": ["Python", "Jupyter Notebook"],
}
PREFIXES = ["nova", "tiny", "open", "fast", "mini", "zh", "turbo", "lite", "hyper", "omni", "sky", "jade", "lotus",
            "panda", "tiger", "kite", "echo", "atlas", "prism", "vega"]
WELL_KNOWN = [
    ("ggerganov/llama.cpp", "LLM inference in C/C++", "纯 C/C++ 实现的大模型推理", "C++", 72000,
     ["llama", "ggml", "inference"], ["inference_opt", "open_models"]),
    ("vllm-project/vllm", "A high-throughput and memory-efficient inference and serving engine for LLMs",
     "高吞吐、省显存的大模型推理与服务引擎", "Python", 41000, ["llm", "inference", "serving"], ["inference_opt", "llm"]),
    ("huggingface/peft", "Parameter-efficient fine-tuning methods such as LoRA",
     "LoRA 等参数高效微调方法库", "Python", 17500, ["lora", "fine-tuning", "pytorch"], ["llm", "open_models"]),
    ("hiyouga/LLaMA-Factory", "Unified efficient fine-tuning of 100+ LLMs and VLMs",
     "统一高效的 100+ 大模型与多模态模型微调框架", "Python", 58000, ["llm", "fine-tuning", "rlhf"], ["llm", "open_models", "rl"]),
    ("comfyanonymous/ComfyUI", "The most powerful and modular diffusion model GUI and backend",
     "模块化的扩散模型图形界面与后端", "Python", 65000, ["stable-diffusion", "gui", "workflow"], ["aigc", "generative"]),
    ("openai/whisper", "Robust speech recognition via large-scale weak supervision",
     "基于大规模弱监督的鲁棒语音识别", "Python", 74000, ["asr", "speech-recognition"], ["speech"]),
    ("microsoft/autogen", "A programming framework for agentic AI",
     "面向智能体 AI 的编程框架", "Python", 38000, ["agent", "multi-agent", "llm"], ["agent", "llm"]),
    ("langchain-ai/langgraph", "Build resilient language agents as graphs",
     "以图的方式构建健壮的语言智能体", "Python", 9800, ["agent", "langchain", "graph"], ["agent", "rag"]),
]


def make_projects() -> list[dict]:
    n = 116
    offsets = skewed_offsets(n, last20h=8, last3d=30, last2w=62)
    repos: set[str] = set()
    items = []
    for w in WELL_KNOWN:
        repos.add(w[0].lower())
    gen_needed = n - len(WELL_KNOWN)
    gen = []
    while len(gen) < gen_needed:
        kind = rng.choice(PROJECT_KINDS)
        pfx = rng.choice(PREFIXES)
        name = kind[0].format(p=pfx)
        owner = rng.choice(OWNERS)
        repo = f"{owner}/{name}"
        if repo.lower() in repos:
            continue
        repos.add(repo.lower())
        gen.append((repo, kind, pfx))
    rows = []
    for repo, kind, pfx in gen:
        langs = next((v for k, v in LANG_FOR.items() if k in kind[0]), ["Python", "Python", "Python", "Rust", "Go"])
        lang = rng.choice(langs)
        stars = int(min(90000, max(10, rng.paretovariate(0.9) * 40 - 30)))
        topics = kind[3] + rng.sample(["chinese", "pytorch", "transformers", "open-source", "deep-learning", "gpu"], rng.randint(0, 2))
        label = pfx.capitalize()
        rows.append({"repo": repo, "description": f"{label}: {kind[1]}.", "description_cn": f"{label}：{kind[2]}。",
                     "language": lang, "stars": stars, "forks": int(stars * rng.uniform(0.05, 0.2)),
                     "topics": sorted(set(topics), key=topics.index), "tags": [t for t in kind[4] if t in PROJECT_TAGS]})
    for repo, d, dcn, lang, stars, topics, tags in WELL_KNOWN:
        rows.append({"repo": repo, "description": d, "description_cn": dcn, "language": lang, "stars": stars,
                     "forks": int(stars * 0.15), "topics": topics, "tags": tags})
    rng.shuffle(rows)
    for row, mins in zip(rows, offsets):
        p = {"type": "project", "repo": row["repo"], "description": row["description"],
             "description_cn": row["description_cn"]}
        if row["language"]:
            p["language"] = row["language"]
        p["stars"] = row["stars"]
        p["forks"] = row["forks"]
        p["topics"] = row["topics"]
        p["tags"] = row["tags"]
        p["created_at"] = rel(mins)
        items.append(p)
    return items


# ---------------------------------------------------------------- code and papers cite each other

# (paper index, arXiv comment): papers that link repositories; (repo, README): projects that cite papers,
# "{n}" standing for the arXiv number of the paper at that index. Added after everything is drawn (no
# random numbers), in fields no search reads, so the rest of the corpus stays as it was.
PAPER_COMMENTS = [
    (5, "12 pages, 5 figures. Code: https://github.com/starriver-ai/echo-drive."),
    (10, "Code and configs: https://github.com/hiyouga/LLaMA-Factory/tree/main/examples, "
         "adapters from github.com/huggingface/peft"),
    (0, "Accepted at ICLR 2027. Project page and code: https://github.com/aurora-ai/tiny-llm"),
]
PROJECT_READMES = [
    ("aihub-labs/panda-rec", 4, "# Panda\n\nOfficial code of SparseAlign (arXiv:{n}).\n\n## Citation\nSee the paper."),
    ("aurora-ai/tiny-llm", 0, "# Tiny\n\nReproduces https://arxiv.org/abs/{n}v1 with a 0.5B model."),
    ("voiceprint/vega-llm", 2, "# Vega\n\nThe pretraining recipe follows VegaPlan ({n})."),
]


def arxiv_number(spelling: str) -> str:
    return re.search(r"\d{4}\.\d{4,5}", spelling).group(0)


def add_code_citations(papers: list[dict], projects: list[dict]) -> None:
    numbers = [arxiv_number(p["arxiv"]) for p in papers]
    for index, comment in PAPER_COMMENTS:
        assert numbers.count(numbers[index]) == 1, "a cited paper must have one line (a duplicate clears it)"
        papers[index]["comment"] = comment
    by_repo = {p["repo"]: p for p in projects}
    for repo, index, readme in PROJECT_READMES:
        by_repo[repo]["readme"] = readme.format(n=numbers[index])


def main() -> None:
    users = make_users()
    stories = make_stories(len(users))
    papers = make_papers()
    events = make_events()
    projects = make_projects()
    add_code_citations(papers, projects)
    hdr = "demo data, generated by data/demo/generate.py (do not edit by hand); format: docs/import-format.md"
    dump("users.jsonl", users, hdr)
    dump("stories.jsonl", stories, hdr)
    dump("papers.jsonl", papers, hdr)
    dump("events.jsonl", events, hdr)
    dump("projects.jsonl", projects, hdr)
    print(f"users={len(users)} stories={len(stories)} papers={len(papers)} events={len(events)} projects={len(projects)}")


if __name__ == "__main__":
    main()
