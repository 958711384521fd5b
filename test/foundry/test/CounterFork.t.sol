// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Counter} from "../src/Counter.sol";

/// The cheatcodes this test uses (forge-std's Vm, declared here: no library download needed).
interface Vm {
    function envAddress(string calldata name) external view returns (address);
    function envUint(string calldata name) external view returns (uint256);
}

/// Runs in forge's EVM on a fork of our node (`forge test --fork-url`): reads the Counter that
/// `forge create` deployed there, then changes it locally.
contract CounterForkTest {
    Vm private constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));

    function test_readsAndIncrementsTheDeployedCounter() public {
        Counter counter = Counter(vm.envAddress("COUNTER"));
        uint256 onChain = vm.envUint("COUNTER_NUMBER");
        require(counter.number() == onChain, "the fork sees the deployed state");
        counter.increment();
        require(counter.number() == onChain + 1, "the fork runs the deployed code");
        require(block.chainid == 33, "the fork is regtest");
    }
}
