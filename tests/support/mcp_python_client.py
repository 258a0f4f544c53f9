"""The official MCP Python SDK's client against the explorer's /mcp.

Reads {"url", "mode", "cases": [{"name", "arguments"}]} on stdin, and prints one JSON object with
what the client saw: the server's name and the negotiated protocol version, the tools it listed
(with their _meta), each call's result, the views' resources, and how an unknown tool and a wrong
argument were answered. The Deno test (tests/mcp_python_client_test.ts) asserts the contract on it;
this script only drives the client and reports, in the protocol's own field names.
"""
import asyncio
import json
import sys

from mcp import Client


def wire(model):
    return model.model_dump(mode="json", by_alias=True, exclude_none=True)


async def main():
    job = json.load(sys.stdin)
    report = {}
    async with Client(job["url"], mode=job["mode"]) as client:
        report["server"] = client.server_info.name if client.server_info else None
        report["protocol_version"] = client.protocol_version
        listed = await client.list_tools()
        report["tools"] = [wire(tool) for tool in listed.tools]
        report["calls"] = []
        for case in job["cases"]:
            result = await client.call_tool(case["name"], case["arguments"])
            report["calls"].append({"name": case["name"], "result": wire(result)})
        views = [
            tool["_meta"]["ui"]["resourceUri"]
            for tool in report["tools"]
            if "ui" in tool.get("_meta", {})
        ]
        report["views"] = []
        for uri in views:
            read = await client.read_resource(uri)
            report["views"].append({"uri": uri, "result": wire(read)})
        try:
            unknown = await client.call_tool("no_such_tool", {})
            report["unknown_tool"] = {"result": wire(unknown)}
        except Exception as error:  # the SDK raises the JSON-RPC error
            report["unknown_tool"] = {"error": str(error)}
        invalid = await client.call_tool("get_wallet", {})
        report["invalid_arguments"] = wire(invalid)
    json.dump(report, sys.stdout)


asyncio.run(main())
