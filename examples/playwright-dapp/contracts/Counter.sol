// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// The example dApp's contract: a counter that says who moved it.
contract Counter {
    uint256 public count;

    event Incremented(address indexed by, uint256 count);

    constructor(uint256 start) {
        count = start;
    }

    function increment() external {
        count += 1;
        emit Incremented(msg.sender, count);
    }
}
