"""Taiwan and Hong Kong vocabulary (analysis/regional.py, issue 36): phrase conversions beside the folded
text, at query and index time. Examples of our own, not judged queries."""

from __future__ import annotations

import pytest

from analysis.normalize import fold
from analysis.regional import document_forms, regional_forms, word_by_word_forms, word_forms
from analysis.regional_prefixes import completed_prefix_forms
from analysis.views import text_views
from indexer.queries.suggest import build_suggest
from indexer.queries.text import text_query


@pytest.mark.parametrize(
    ("typed", "mainland"),
    [
        ("軟體工程", "软件工程"),
        ("網路爬蟲", "网络爬虫"),
        ("伺服器部署", "服务器部署"),
        ("資料庫設計", "数据库设计"),
        ("演算法競賽", "算法竞赛"),
        ("滑鼠手勢", "鼠标手势"),  # a Hong Kong word as well
        ("网路安全", "网络安全"),  # a Taiwan word typed with a simplified input method
        # words of the field OpenCC's tables lack or turn wrongly (data/search/regional.txt)
        ("語音辨識模型", "语音识别模型"),
        ("推論加速", "推理加速"),
        ("物件偵測", "目标检测"),
        ("向量資料庫", "向量数据库"),  # OpenCC alone gave 矢量数据库
        ("L2 正規化", "L2 正则化"),  # OpenCC alone gave 范式
        ("電腦視覺入門", "计算机视觉入门"),  # OpenCC leaves these in their Taiwan form
        ("類神經網路", "神经网络"),
        ("遞迴神經網路", "循环神经网络"),  # Taiwan's RNN; OpenCC gave 递归 (recursive)
        ("資料前處理", "数据预处理"),
        ("平行運算", "并行计算"),
        ("台北 實體活動", "台北 线下活动"),
        ("強化學習人類回饋", "强化学习人类反馈"),
        ("Python 套件", "Python 工具包"),
        ("多代理 協作", "多智能体 协作"),
        ("智慧代理 框架", "智能体 框架"),  # OpenCC alone gave 智能代理
        ("文字轉語音 開源", "语音合成 开源"),
        ("語音轉文字", "语音识别"),
        ("語音助理", "语音助手"),
        ("串流輸出", "流式输出"),
        ("AI 新創公司 募資", "AI 创业公司 融资"),  # business words OpenCC leaves
        ("Agent 踩雷 懶人包", "Agent 踩坑 指南"),
        ("馬可夫 蒙地卡羅", "马尔可夫 蒙特卡洛"),
        ("自駕 光達", "自动驾驶 激光雷达"),
        ("AI 法遵 個資", "AI 合规 个人信息"),  # law, business and engineering words OpenCC leaves
        ("模型佈署 串接", "模型部署 对接"),
        ("營運 獲利 市佔率", "运营 盈利 市场份额"),
        ("資料清理 特徵擷取", "数据清洗 特征提取"),
        ("紅隊演練 浮水印", "红队测试 水印"),
        ("人形機械人 初創公司", "人形机器人 创业公司"),  # Hong Kong's words hk2s leaves
        ("見工 私隱", "面试 隐私"),
    ],
)
def test_regional_words_get_their_mainland_form(typed, mainland):
    assert mainland in regional_forms(typed)


@pytest.mark.parametrize("text", ["大模型推理加速", "强化学习", "GPT-4 评测", "", "transformer"])
def test_mainland_text_has_no_other_form(text):
    assert regional_forms(text) == ()


def test_a_shared_word_keeps_its_own_spelling_word_by_word():
    """The whole-text conversion turns 核心 (a mainland word too) into 内核; word by word, 核心 stays and
    程式 becomes 程序."""
    assert regional_forms("核心程式") == ("内核程序",)
    assert word_forms("资料库") == ("数据库",)
    assert word_forms("大模型") == ()
    assert "核心程序" in word_by_word_forms(fold("核心程式"))
    assert "核心程序" not in word_by_word_forms("核心程序")  # forms beside the text, never instead of it


def test_only_a_document_in_traditional_script_gets_regional_forms():
    assert document_forms("部署軟體", "部署软体") == ("部署软件",)
    assert document_forms("程序设计", "程序设计") == ()  # a mainland text: its 程序 is not a Taiwan 程序


def test_a_taiwan_document_is_indexed_with_the_mainland_words_too():
    views = text_views(["部署伺服器的筆記"], ["用容器部署軟體"], summary=None)
    assert "服务器" in views["title_words"].split() and "伺服器" in views["title_words"].split()
    assert "软件" in views["body_words"].split()
    mainland = text_views(["部署服务器的笔记"], ["用容器部署软件"], summary=None)
    assert mainland["title_words"] == "部署 服务 务器 服务器 的 笔记"  # unchanged for mainland text


def _contains(clause, text: str) -> bool:
    return text in str(clause)


def test_the_query_searches_the_mainland_form_beside_the_folded_text():
    query = text_query("軟體測試")
    assert _contains(query, "软体测试") and _contains(query, "软件测试")
    assert not _contains(text_query("软件测试"), "软体")


def test_suggestions_from_a_traditional_prefix_look_for_the_mainland_prefix():
    should = build_suggest("軟體")["query"]["bool"]["should"]
    assert {"prefix": {"title.raw": {"value": "软件", "boost": 5}}} in should


@pytest.mark.parametrize("typed", ["向量資料庫", "詞向量"])
def test_opencc_conversions_wrong_in_the_field_are_undone(typed):
    assert not any("矢量" in form for form in regional_forms(typed))


@pytest.mark.parametrize(
    ("typed", "completed"),
    [("語音辨", "语音识别"), ("開源專", "开源项目"), ("影片生", "视频生成"), ("向量資料", "向量数据库")],
)
def test_a_prefix_stopping_inside_a_taiwan_word_is_completed_in_mainland_words(typed, completed):
    """The whole-text conversion cannot turn half a word (語音辨 of 語音辨識): the prefix found nothing."""
    assert completed in completed_prefix_forms(fold(typed), traditional=True)
    should = build_suggest(typed)["query"]["bool"]["should"]
    assert {"prefix": {"title.raw": {"value": completed, "boost": 5}}} in should


def test_one_character_of_a_taiwan_word_is_completed_only_when_typed_in_traditional_script():
    assert "开源项目" in completed_prefix_forms("开源专", traditional=False)  # three characters of 开源专案
    assert completed_prefix_forms("多模态专", traditional=False) == ()  # 专 more likely begins 专家
    assert completed_prefix_forms("大模型", traditional=False) == ()
