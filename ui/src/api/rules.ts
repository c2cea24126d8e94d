/**
 * Generated from src/api/openapi.json by scripts/api-types.mjs: do not edit by hand.
 * The limits of the API's request bodies (by schema name) and GET queries (by path under the API base),
 * with the messages the server answers for them, so the forms check and say what the server does.
 */

export const BODY_RULES = {
  "AuthorPapersBody": {
    "arxiv_name": {
      "minLength": 1,
      "maxLength": 200
    }
  },
  "DeleteBody": {
    "reason": {
      "maxLength": 500,
      "messages": {
        "maxLength": "删除理由不能超过500个字符",
        "required": "请填写删除理由"
      }
    }
  },
  "EventIdsBody": {
    "ids": {
      "minItems": 1,
      "maxItems": 100
    }
  },
  "JobBody": {
    "kind": {
      "minLength": 1,
      "maxLength": 60
    }
  },
  "MarkReadBody": {
    "ids": {
      "maxItems": 100
    }
  },
  "PaperSubmitBody": {
    "arxiv": {
      "minLength": 1,
      "maxLength": 200,
      "messages": {
        "maxLength": "请输入 arXiv 编号或论文链接，例如 2401.01234",
        "minLength": "请输入 arXiv 编号或论文链接，例如 2401.01234",
        "required": "请输入 arXiv 编号或论文链接，例如 2401.01234"
      }
    }
  },
  "PaperUserBody": {
    "arxiv_name": {
      "minLength": 1,
      "maxLength": 200
    }
  },
  "ProfileEditBody": {
    "avatar_url": {
      "messages": {
        "format": "头像地址需为允许的图片地址（http 或 https）"
      }
    },
    "name": {
      "minLength": 1,
      "maxLength": 30,
      "messages": {
        "maxLength": "昵称需为 1–30 个字符",
        "minLength": "昵称需为 1–30 个字符",
        "required": "请填写昵称"
      }
    },
    "region": {
      "maxLength": 20,
      "messages": {
        "maxLength": "地区最多 20 个字符"
      }
    }
  },
  "ReplyBody": {
    "quote_id": {
      "pattern": "^[0-9]{1,18}$"
    },
    "reply_to_id": {
      "pattern": "^[0-9]{1,18}$"
    },
    "text": {
      "minLength": 1,
      "maxLength": 1000,
      "messages": {
        "maxLength": "评论内容不能超过1000个字符",
        "minLength": "评论内容不能为空",
        "required": "评论内容不能为空"
      }
    }
  },
  "ReplyDeleteBody": {
    "reason": {
      "maxLength": 200,
      "messages": {
        "maxLength": "删除原因不能超过200个字符",
        "required": "请填写删除原因"
      }
    }
  },
  "ReplyReportBody": {
    "link": {
      "messages": {
        "format": "举报链接格式错误",
        "required": "请填写举报链接"
      }
    },
    "remark": {
      "maxLength": 200,
      "messages": {
        "maxLength": "备注不能超过200个字符"
      }
    },
    "type": {
      "messages": {
        "required": "请选择举报类型"
      }
    }
  },
  "ReportUpBody": {
    "remark": {
      "maxLength": 200,
      "messages": {
        "maxLength": "备注不能超过200个字符"
      }
    },
    "type": {
      "messages": {
        "required": "请选择举报类型"
      }
    },
    "url": {
      "messages": {
        "format": "举报链接格式错误",
        "required": "请填写举报链接"
      }
    }
  },
  "SaveOrderBody": {
    "email": {
      "minLength": 1,
      "maxLength": 200
    },
    "name": {
      "minLength": 1,
      "maxLength": 50
    },
    "region": {
      "maxLength": 20
    }
  },
  "StoryBody": {
    "content": {
      "minLength": 1,
      "messages": {
        "required": "请填写内容"
      }
    },
    "cover_url": {
      "messages": {
        "format": "封面链接格式错误"
      }
    },
    "summary": {
      "maxLength": 500,
      "messages": {
        "maxLength": "摘要不能超过500个字符"
      }
    },
    "tags": {
      "maxItems": 5,
      "messages": {
        "enum": "标签不存在",
        "maxItems": "最多选择5个标签"
      }
    },
    "title": {
      "minLength": 1,
      "maxLength": 200,
      "messages": {
        "maxLength": "标题不能超过200个字符",
        "required": "请填写标题"
      }
    }
  },
  "TextBody": {
    "text": {
      "maxLength": 60000
    }
  },
  "UpdatePostIdBody": {
    "post_id": {
      "pattern": "^[0-9A-Za-z_-]{1,40}$"
    }
  },
  "WxShareBody": {
    "url": {
      "minLength": 1,
      "maxLength": 1000
    }
  }
} as const;

export const QUERY_RULES = {
  "/v1/related": {
    "id": {
      "minLength": 1,
      "maxLength": 64
    }
  },
  "/v1/story/subscription/": {
    "title": {
      "maxLength": 300
    },
    "description": {
      "maxLength": 2000
    },
    "url": {
      "maxLength": 500
    },
    "location": {
      "maxLength": 300
    }
  },
  "/v1/track": {
    "data": {
      "minLength": 1,
      "maxLength": 8192
    }
  },
  "/v2/search": {
    "q": {
      "maxLength": 100
    }
  },
  "/v2/search/stories_title": {
    "q": {
      "maxLength": 100
    }
  },
  "/v2/total": {
    "q": {
      "maxLength": 100
    }
  },
  "/v3/link/authorize": {
    "next": {
      "maxLength": 1000
    }
  },
  "/v3/link/authorize/callback": {
    "code": {
      "maxLength": 1000
    },
    "state": {
      "maxLength": 500
    },
    "error": {
      "maxLength": 200
    },
    "error_description": {
      "maxLength": 2000
    }
  }
} as const;
